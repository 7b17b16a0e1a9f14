// Each photo's cache key (a hash of its bytes) is remembered with the file's identity on disk
// (cache/file-stamps.ts), so a build reads and hashes only the photos that changed (~40 MB of
// photos on the real site). A fresh checkout (new files, new times) hashes everything once.
// Stored in .stitch/cache/images/sources.json.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStamps } from '../cache/file-stamps.ts';

const isKey = (value: unknown): value is string => typeof value === 'string';

export class SourceKeys {
  private constructor(private readonly stamps: FileStamps<string>) {}

  /** `version`: what the keys depend on besides the bytes (the encoder's version). */
  static async open(dir: string, version: string): Promise<SourceKeys> {
    return new SourceKeys(FileStamps.open(join(dir, 'sources.json'), version, isKey));
  }

  /** The photo's key and size; `keyOf` hashes its bytes when the file is not as last seen. */
  async key(path: string, keyOf: (source: Buffer) => string): Promise<{ key: string; size: number; source?: Buffer }> {
    const before = await stat(path);
    const known = this.stamps.get(path, before);
    if (known !== undefined) return { key: known, size: before.size };
    // Stat before reading: a file written meanwhile has another stat next time, and is hashed again.
    const source = await readFile(path);
    const key = keyOf(source);
    this.stamps.set(path, before, key);
    return { key, size: source.length, source };
  }

  /** Writes what this build saw, when it differs from what was stored; never fails the build. */
  save(): Promise<void> {
    return this.stamps.save();
  }
}

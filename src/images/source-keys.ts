// Each photo's cache key (a hash of its bytes) is remembered with the file's identity on disk —
// size, mtime, ctime and inode — so a build reads and hashes only the photos that changed
// (~40 MB of photos on the real site). ctime cannot be set back by tools that restore an
// mtime (cp -p, rsync -t), so a replaced file is always seen. A fresh checkout (new files, new
// times) hashes everything once. Stored in .stitch/cache/images/sources.json, replaced
// atomically; a damaged or foreign file is ignored.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Stats } from 'node:fs';
import { writeFileAtomic } from '../fs/atomic-write.ts';

type Known = [size: number, mtimeMs: number, ctimeMs: number, ino: number, key: string];

export class SourceKeys {
  private readonly next: Record<string, Known> = {};
  private changed = false;

  private constructor(private readonly file: string, private readonly version: string, private readonly known: Record<string, Known>) {}

  /** `version`: what the keys depend on besides the bytes (the encoder's version). */
  static async open(dir: string, version: string): Promise<SourceKeys> {
    const file = join(dir, 'sources.json');
    let known: Record<string, Known> = {};
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as { version?: string; files?: Record<string, Known> };
      if (stored.version === version && stored.files && typeof stored.files === 'object') known = stored.files;
    } catch {
      // Missing or unreadable: every photo is hashed.
    }
    return new SourceKeys(file, version, known);
  }

  /** The photo's key and size; `keyOf` hashes its bytes when the file is not as last seen. */
  async key(path: string, keyOf: (source: Buffer) => string): Promise<{ key: string; size: number; source?: Buffer }> {
    const before = await stat(path);
    const known = this.known[path];
    if (known && same(known, before)) {
      this.next[path] = known;
      return { key: known[4], size: known[0] };
    }
    // Stat before reading: a file written meanwhile has another stat next time, and is hashed again.
    const source = await readFile(path);
    const key = keyOf(source);
    this.next[path] = [before.size, before.mtimeMs, before.ctimeMs, before.ino, key];
    this.changed = true;
    return { key, size: source.length, source };
  }

  /** Writes what this build saw, when it differs from what was stored; never fails the build. */
  async save(): Promise<void> {
    if (!this.changed && Object.keys(this.known).length === Object.keys(this.next).length) return;
    await writeFileAtomic(this.file, JSON.stringify({ version: this.version, files: this.next })).catch(() => undefined);
  }
}

function same(known: Known, s: Stats): boolean {
  return Array.isArray(known) && known[0] === s.size && known[1] === s.mtimeMs && known[2] === s.ctimeMs && known[3] === s.ino && typeof known[4] === 'string';
}

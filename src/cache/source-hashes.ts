// Each post's text hash (sourceHash of its normalised text, and the text's length) remembered with
// the file's identity on disk (cache/file-stamps.ts), as the photo keys are: a warm `stitch build`
// stats a post instead of reading and hashing it, and takes its parsed front matter from the post
// cache by that hash. A file changed within RACY_MS of being read is not remembered. Stored in
// .stitch/cache/post-sources/<scope>.json.
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { FileStamps } from './file-stamps.ts';

const RACY_MS = 2000;

export interface SourceHash {
  hash: string;
  /** Length of the normalised text. */
  length: number;
}

type Known = [hash: string, length: number];
const isKnown = (value: unknown): value is Known => Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1]);

export class SourceHashes {
  private constructor(private readonly stamps: FileStamps<Known>) {}

  /** `scope`: the content folder (relative to the project); `version`: what the hashes depend on besides the bytes. */
  static open(cacheDir: string, scope: string, version: string): SourceHashes {
    const file = join(cacheDir, 'post-sources', `${createHash('sha256').update(scope).digest('hex').slice(0, 16)}.json`);
    return new SourceHashes(FileStamps.open(file, version, isKnown, RACY_MS));
  }

  /** `path`'s stat, and its hash when the file is as it was when that hash was taken. */
  look(name: string, path: string): { stat?: Stats; known?: SourceHash } {
    let stat: Stats;
    try {
      stat = statSync(path);
    } catch {
      return {};
    }
    const known = this.stamps.get(name, stat);
    return known ? { stat, known: { hash: known[0], length: known[1] } } : { stat };
  }

  /** Remembers the hash of the text read after `stat` was taken. */
  remember(name: string, stat: Stats, hash: string, length: number): void {
    this.stamps.set(name, stat, [hash, length]);
  }

  /** Writes what this build saw, when it differs from what was stored; never fails the build. */
  save(): Promise<void> {
    return this.stamps.save();
  }
}

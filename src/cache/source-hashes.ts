// Each post's text hash (sourceHash of its normalised text, and the text's length) remembered with
// the file's identity on disk — size, mtime, ctime and inode — as the photo hashes are
// (images/source-keys.ts): a warm `stitch build` stats a post instead of reading and hashing it,
// and takes its parsed front matter from the post cache by that hash. ctime cannot be set back by
// tools that restore an mtime, so a replaced file is always seen; a file changed within
// RACY_MS of being read is not remembered (its next change could keep the same times on a
// file system with coarse timestamps). Stored in .stitch/cache/post-sources/<scope>.json,
// replaced atomically; a damaged file or one of another engine version is ignored.
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.ts';

type Known = [size: number, mtimeMs: number, ctimeMs: number, ino: number, hash: string, length: number];

const RACY_MS = 2000;

export interface SourceHash {
  hash: string;
  /** Length of the normalised text. */
  length: number;
}

export class SourceHashes {
  private readonly next: Record<string, Known> = {};
  private changed = false;

  private constructor(private readonly file: string, private readonly version: string, private readonly known: Record<string, Known>) {}

  /** `scope`: the content folder (relative to the project); `version`: what the hashes depend on besides the bytes. */
  static open(cacheDir: string, scope: string, version: string): SourceHashes {
    const file = join(cacheDir, 'post-sources', `${createHash('sha256').update(scope).digest('hex').slice(0, 16)}.json`);
    let known: Record<string, Known> = {};
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { version?: string; files?: Record<string, Known> };
      if (stored.version === version && stored.files && typeof stored.files === 'object') known = stored.files;
    } catch {
      // Missing or unreadable: every post is read.
    }
    return new SourceHashes(file, version, known);
  }

  /** `path`'s stat, and its hash when the file is as it was when that hash was taken. */
  look(name: string, path: string): { stat?: Stats; known?: SourceHash } {
    let stat: Stats;
    try {
      stat = statSync(path);
    } catch {
      return {};
    }
    const known = this.known[name];
    if (known && same(known, stat)) {
      this.next[name] = known;
      return { stat, known: { hash: known[4], length: known[5] } };
    }
    return { stat };
  }

  /** Remembers the hash of the text read after `stat` was taken. */
  remember(name: string, stat: Stats, hash: string, length: number): void {
    if (Math.max(stat.mtimeMs, stat.ctimeMs) > Date.now() - RACY_MS) return;
    this.next[name] = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, hash, length];
    this.changed = true;
  }

  /** Writes what this build saw, when it differs from what was stored; never fails the build. */
  async save(): Promise<void> {
    if (!this.changed && Object.keys(this.known).length === Object.keys(this.next).length) return;
    await writeFileAtomic(this.file, JSON.stringify({ version: this.version, files: this.next })).catch(() => undefined);
  }
}

function same(known: Known, s: Stats): boolean {
  return Array.isArray(known) && known[0] === s.size && known[1] === s.mtimeMs && known[2] === s.ctimeMs && known[3] === s.ino
    && typeof known[4] === 'string' && Number.isInteger(known[5]);
}

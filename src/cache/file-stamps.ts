// A value made from a file's bytes (a hash, a cache key) remembered with the file's identity on
// disk — size, mtime, ctime and inode — so a build reads a file again only when it changed. ctime
// cannot be set back by tools that restore an mtime (cp -p, rsync -t), so a replaced file is
// always seen. Used by the photos' cache keys (images/source-keys.ts) and the posts' text hashes
// (cache/source-hashes.ts). One JSON file, sealed with its hash (file-cache.ts) and replaced
// atomically; a damaged file, one of another version or an entry that is not a V is ignored.
import type { Stats } from 'node:fs';
import { readSealed, writeSealed } from './file-cache.ts';

type Stamped<V> = [size: number, mtimeMs: number, ctimeMs: number, ino: number, value: V];

export class FileStamps<V> {
  private readonly next: Record<string, Stamped<V>> = {};
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly version: string,
    private readonly known: Record<string, Stamped<V>>,
    private readonly isValue: (value: unknown) => value is V,
    private readonly racyMs: number,
  ) {}

  /**
   * `version`: what the values depend on besides the bytes. `racyMs`: a file changed this close
   * to being read is not remembered (its next change could keep the same times on a file system
   * with coarse timestamps); 0: every file is.
   */
  static open<V>(file: string, version: string, isValue: (value: unknown) => value is V, racyMs = 0): FileStamps<V> {
    let known: Record<string, Stamped<V>> = {};
    try {
      const stored = JSON.parse(readSealed(file, version)!.toString('utf8')) as { version?: string; files?: Record<string, Stamped<V>> };
      if (stored.version === version && stored.files && typeof stored.files === 'object') known = stored.files;
    } catch {
      // Missing or unreadable: every file is read.
    }
    return new FileStamps(file, version, known, isValue, racyMs);
  }

  /** The value remembered for `name`, when its file (`stat`) is as it was then. */
  get(name: string, stat: Stats): V | undefined {
    const known = this.known[name];
    if (!Array.isArray(known) || known[0] !== stat.size || known[1] !== stat.mtimeMs || known[2] !== stat.ctimeMs || known[3] !== stat.ino || !this.isValue(known[4])) return undefined;
    this.next[name] = known;
    return known[4];
  }

  /** Remembers `value`, made from the bytes read after `stat` was taken. */
  set(name: string, stat: Stats, value: V): void {
    if (this.racyMs > 0 && Math.max(stat.mtimeMs, stat.ctimeMs) > Date.now() - this.racyMs) return;
    this.next[name] = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, value];
    this.changed = true;
  }

  /** Writes what this build saw, when it differs from what was stored; never fails the build. */
  async save(): Promise<void> {
    if (!this.changed && Object.keys(this.known).length === Object.keys(this.next).length) return;
    try {
      writeSealed(this.file, this.version, JSON.stringify({ version: this.version, files: this.next }));
    } catch {
      // The next build reads and hashes the files again.
    }
  }
}

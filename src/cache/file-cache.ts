// The on-disk implementation of the cache (stitch build): one file per entry, named by a hash of
// the kind's version and the key, under .stitch/cache/<kind>/<content folder's hash>/ (as Lume's
// core/cache.ts keeps one hash-named file per entry). A file holds the sha256 of its key and
// value, then the value; every read checks it (as cacache's integrity does), so an entry that is
// torn, zeroed or has a flipped bit is a miss, never a value. Files are replaced atomically
// (temp + rename), so builds in several threads and processes at once each see an entry whole
// or not at all; a worker thread writes entries itself from plain data (`EntryFolder`).
//
// A write that fails (full disk, read-only folder) stops the writes of that kind for the build
// and is reported once through `Caches.problems`: the build goes on without caching.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cache, CacheKind, Caches } from './cache.ts';

const DIGEST = 32;
const ENTRY_NAME = /^[0-9a-f]{40}$/;

/** Where one kind's entries are, as plain data (it goes to worker threads). */
export interface EntryFolder {
  dir: string;
  version: string;
}

/** The file of `key`'s entry. */
export function entryFile(folder: EntryFolder, key: string): string {
  return join(folder.dir, createHash('sha256').update(folder.version).update('\0').update(key).digest('hex').slice(0, 40));
}

/** Writes one entry atomically, from any thread; throws what the file system threw. */
export function writeEntry(folder: EntryFolder, key: string, value: string | Uint8Array): void {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const file = entryFile(folder, key);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temp, Buffer.concat([digestOf(key, bytes), bytes]));
    renameSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      rmSync(temp, { force: true });
      throw error;
    }
    mkdirSync(folder.dir, { recursive: true }); // the first entry of the folder
    writeFileSync(temp, Buffer.concat([digestOf(key, bytes), bytes]));
    renameSync(temp, file);
  }
}

/** The value bytes of `key`'s entry when it is there and whole; undefined otherwise. */
export function readEntry(folder: EntryFolder, key: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(entryFile(folder, key));
  } catch {
    return undefined;
  }
  const value = data.subarray(DIGEST);
  return data.length >= DIGEST && digestOf(key, value).equals(data.subarray(0, DIGEST)) ? value : undefined;
}

function digestOf(key: string, value: Uint8Array): Buffer {
  return createHash('sha256').update(key).update('\0').update(value).digest();
}

export class FileCaches implements Caches {
  private readonly scope: string;
  private readonly failures: string[] = [];

  /** `dir`: .stitch/cache; `scope`: the content folder the entries belong to. */
  constructor(private readonly dir: string, scope: string) {
    this.scope = createHash('sha256').update(scope).digest('hex').slice(0, 16);
  }

  /** The folder of a kind's entries. */
  folder(kind: Pick<CacheKind<unknown>, 'name' | 'version'>): EntryFolder {
    return { dir: join(this.dir, kind.name, this.scope), version: kind.version };
  }

  async open<V>(kind: CacheKind<V>): Promise<FileCache<V>> {
    return new FileCache(this.folder(kind), kind, (error) => this.failures.push(`${this.dir}: ${(error as Error).message}`));
  }

  problems(): string[] {
    return [...new Set(this.failures)];
  }
}

export class FileCache<V> implements Cache<V> {
  /** Keys this build read or wrote (prune keeps their files). */
  private readonly used = new Set<string>();
  private pruning = false;
  /** A write failed: this kind writes nothing more in this build. */
  private failed = false;

  constructor(readonly folder: EntryFolder, private readonly kind: CacheKind<V>, private readonly onFailure: (error: unknown) => void) {}

  get(key: string): V | undefined {
    this.used.add(key);
    const bytes = readEntry(this.folder, key);
    return bytes === undefined ? undefined : this.kind.decode(bytes);
  }

  has(key: string): boolean {
    return readEntry(this.folder, key) !== undefined;
  }

  set(key: string, value: V): void {
    this.used.add(key);
    if (this.failed) return;
    try {
      writeEntry(this.folder, key, this.kind.encode(value));
    } catch (error) {
      this.fail(error);
    }
  }

  /** An entry another thread wrote (writeEntry) in this build: prune keeps it. */
  wrote(key: string): void {
    this.used.add(key);
  }

  prune(): void {
    this.pruning = true;
  }

  async save(): Promise<void> {
    if (!this.pruning || this.failed) return;
    this.pruning = false;
    const keep = new Set([...this.used].map((key) => entryFile(this.folder, key).slice(this.folder.dir.length + 1)));
    let names: string[];
    try {
      names = readdirSync(this.folder.dir);
    } catch {
      return;
    }
    // Another build's temporary files are left alone; a stale one is removed with its folder when .stitch/ is.
    for (const name of names) if (ENTRY_NAME.test(name) && !keep.has(name)) rmSync(join(this.folder.dir, name), { force: true });
  }

  /** Stops this kind's writes for the build; the build goes on without caching. */
  fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.onFailure(error);
  }
}

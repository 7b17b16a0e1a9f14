// The on-disk store (stitch build): one file per entry, named by a hash of the kind's version
// and the key, under .stitch/cache/<kind>/<content folder's hash>/ (as Lume's core/cache.ts).
// A file holds the value, then the sha256 of its key and value; every read checks it (as
// cacache's integrity does), so an entry torn, zeroed or with a flipped bit is a miss. Files are
// replaced atomically (temp + rename), so threads and processes writing at once each see an
// entry whole or not at all; a worker thread writes entries itself (`EntryFolder`, plain data).
//
// A write that fails (full disk, read-only folder) stops the writes of that kind for the build
// and is reported once through `Caches.problems`: the build goes on without caching.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** `chunks` followed by the sha256 of `key` and them: a value sealed as it is written (a large one need not be in memory twice). */
export function* sealedChunks(key: string, chunks: Iterable<Uint8Array>): Generator<Uint8Array> {
  const hash = createHash('sha256').update(key).update('\0');
  for (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
  yield hash.digest();
}

/** `value` as stored: the value, then the sha256 of `key` and `value`. */
export function seal(key: string, value: string | Uint8Array): Buffer {
  return Buffer.concat([...sealedChunks(key, [typeof value === 'string' ? Buffer.from(value, 'utf8') : value])]);
}

/** The value of sealed `data` when it is whole and was stored under `key`; undefined otherwise. */
export function unseal(key: string, data: Buffer): Buffer | undefined {
  const value = data.subarray(0, data.length - DIGEST);
  return data.length >= DIGEST && createHash('sha256').update(key).update('\0').update(value).digest().equals(data.subarray(value.length)) ? value : undefined;
}

/** Writes `value` sealed under `key` to `file` atomically (temp + rename), from any thread; throws what the file system threw. */
export function writeSealed(file: string, key: string, value: string | Uint8Array): void {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const write = () => {
    writeFileSync(temp, seal(key, value));
    renameSync(temp, file);
  };
  try {
    write();
  } catch (error) {
    rmSync(temp, { force: true });
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true }); // the first file of its folder
    write();
  }
}

/** The value sealed under `key` in `file`, when the file is there and whole; undefined otherwise. */
export function readSealed(file: string, key: string): Buffer | undefined {
  try {
    return unseal(key, readFileSync(file));
  } catch {
    return undefined;
  }
}

/** Writes one entry, from any thread; throws what the file system threw. */
export function writeEntry(folder: EntryFolder, key: string, value: string | Uint8Array): void {
  writeSealed(entryFile(folder, key), key, value);
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
    const bytes = readSealed(entryFile(this.folder, key), key);
    return bytes === undefined ? undefined : this.kind.decode(bytes);
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

  /** Also for an entry another thread wrote (writeEntry) in this build. */
  keep(key: string): void {
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

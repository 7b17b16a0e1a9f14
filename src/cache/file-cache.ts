// The store behind `Cache`, one file per entry, named by a hash of the kind's version and the
// key, under .stitch/cache/<kind>/<content folder's hash>/ (as Lume's core/cache.ts). A file
// holds the value, then the sha256 of its key and value; every read checks it (as cacache's
// integrity does), so an entry torn, zeroed or with a flipped bit is a miss. Files are written in
// place: threads and processes reading or writing at once see an entry whole, or a miss.
//
// `stitch dev` keeps a memory map in front, for the life of the session: the first build of a
// kind reads and fills the files, later builds use memory alone. `stitch check` keeps nothing.
//
// A write that fails (full disk, read-only folder) stops the writes of that kind for the build
// and is reported once through `Caches.problems`: the build goes on without caching.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { noCaches, type Cache, type CacheKind, type Caches } from './cache.ts';

const DIGEST = 32;
const ENTRY_NAME = /^[0-9a-f]{40}$/;

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

/**
 * Writes `value` sealed under `key` to `file`, from any thread; throws what the file system threw.
 * In place, not through a temporary file: a reader seeing it half-written, a build killed
 * mid-write or two writers mixing their bytes leave a file whose seal does not match: a miss.
 */
export function writeSealed(file: string, key: string, value: string | Uint8Array): void {
  try {
    writeFileSync(file, seal(key, value));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true }); // the first file of its folder
    writeFileSync(file, seal(key, value));
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

/** The caches a command builds with: files for `build`, memory over them for `dev`, none for `check`. */
export function cachesFor(command: 'build' | 'dev' | 'check', config: Pick<ResolvedConfig, 'root' | 'contentDir' | 'cacheDir'>): Caches {
  if (command === 'check') return noCaches;
  // Relative to the project, so a checkout elsewhere (or a CI cache restore) still hits.
  return new FileCaches(`${config.cacheDir}/cache`, relative(config.root, config.contentDir) || '.', { memory: command === 'dev' });
}

export class FileCaches implements Caches {
  private readonly scope: string;
  private readonly failures: string[] = [];
  /** Per kind (name and version), its entries in memory (dev); none for a build. */
  private readonly memory?: Map<string, Map<string, unknown>>;

  /** `dir`: .stitch/cache; `scope`: the content folder the entries belong to. */
  constructor(private readonly dir: string, scope: string, options: { memory?: boolean } = {}) {
    this.scope = createHash('sha256').update(scope).digest('hex').slice(0, 16);
    if (options.memory) this.memory = new Map();
  }

  async open<V>(kind: CacheKind<V>): Promise<FileCache<V>> {
    const id = `${kind.name}\0${kind.version}`;
    const first = !this.memory?.has(id);
    if (first) this.memory?.set(id, new Map());
    const onFailure = (error: unknown) => this.failures.push(`${this.dir}: ${(error as Error).message}`);
    return new FileCache(join(this.dir, kind.name, this.scope), kind, onFailure, this.memory?.get(id) as Map<string, V> | undefined, first);
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

  /** `dir`: the folder of this kind's entries; `memory`: dev's entries of this kind; `disk`: whether the files are read and written (the first build of a kind). */
  constructor(
    private readonly dir: string,
    private readonly kind: CacheKind<V>,
    private readonly onFailure: (error: unknown) => void,
    readonly memory?: Map<string, V>,
    private readonly disk = true,
  ) {}

  get(key: string): V | undefined {
    this.used.add(key);
    const remembered = this.memory?.get(key);
    if (remembered !== undefined || !this.disk) return remembered;
    const bytes = readSealed(this.file(key), key);
    const value = bytes === undefined ? undefined : this.kind.decode(bytes);
    if (value !== undefined) this.memory?.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.used.add(key);
    this.memory?.set(key, value);
    if (this.failed || !this.disk) return;
    try {
      writeSealed(this.file(key), key, this.kind.encode(value));
    } catch (error) {
      this.fail(error);
    }
  }

  keep(key: string): void {
    this.used.add(key);
  }

  prune(): void {
    if (this.memory) for (const key of this.memory.keys()) if (!this.used.has(key)) this.memory.delete(key);
    this.pruning = this.disk;
  }

  async save(): Promise<void> {
    if (!this.pruning || this.failed) return;
    this.pruning = false;
    const keep = new Set([...this.used].map((key) => basename(this.file(key))));
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) if (ENTRY_NAME.test(name) && !keep.has(name)) rmSync(join(this.dir, name), { force: true });
  }

  /** The file of `key`'s entry. */
  file(key: string): string {
    return join(this.dir, createHash('sha256').update(this.kind.version).update('\0').update(key).digest('hex').slice(0, 40));
  }

  /** Stops this kind's writes for the build; the build goes on without caching. */
  fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.onFailure(error);
  }
}

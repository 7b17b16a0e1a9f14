// One cache interface for everything a build may keep between runs (Markdown HTML, parsed
// posts), with three implementations chosen per command:
// - persistent (stitch build): a pack file under .stitch/cache/<name>/ (persistent-cache.ts);
// - memory (stitch dev): kept between the builds of one process, its first build warmed from
//   the persistent cache (memory-cache.ts);
// - none (check, tests): stores nothing, so every build starts from the sources.
// Keys are chosen by the caller and must name everything the value is made from.
import { relative } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { MemoryCaches } from './memory-cache.ts';
import { PersistentCaches } from './persistent-cache.ts';

/** One kind of cached value, opened for one build. */
export interface Cache<V> {
  /** The value stored under `key` (counts as a use: prune keeps it). */
  get(key: string): V | undefined;
  /** Whether `key` is stored, without counting as a use. */
  has(key: string): boolean;
  /** Stores `value` under `key` (counts as a use). */
  set(key: string, value: V): void;
  /**
   * Drops the entries neither read nor written since the cache was opened. (The persistent
   * cache leaves them in its file until they make up a quarter of it: still valid, only unused.)
   */
  prune(): void;
  /**
   * Makes the entries last. Never rejects: a cache only saves time. (The persistent cache has
   * been writing what was set all along; save writes the rest and compacts the pack if needed.)
   */
  save(): Promise<void>;
}

/** What a kind of cache is called and how its values are stored in a file. */
export interface CacheKind<V> {
  /** Folder under .stitch/cache/ (and the memory store's name). */
  name: string;
  /** The version of the code that makes the values: a file of another version is ignored. */
  version: string;
  encode(value: V): string | Uint8Array;
  /** The value, or undefined when the stored bytes are not a valid one (then it is a miss). */
  decode(data: Buffer): V | undefined;
}

/** A kind whose values are texts, stored as UTF-8. */
export function textKind(name: string, version: string): CacheKind<string> {
  return { name, version, encode: (text) => text, decode: (data) => data.toString('utf8') };
}

/** A kind whose values are JSON; a stored value that does not parse or pass `valid` is a miss. */
export function jsonKind<V>(name: string, version: string, valid: (value: V) => boolean): CacheKind<V> {
  return {
    name,
    version,
    encode: (value) => JSON.stringify(value),
    decode: (data) => {
      try {
        const value = JSON.parse(data.toString('utf8')) as V;
        return valid(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Where a build's caches come from: one `open` per kind per build. */
export interface Caches {
  readonly kind: 'persistent' | 'memory' | 'none';
  open<V>(kind: CacheKind<V>): Promise<Cache<V>>;
}

class NoCache<V> implements Cache<V> {
  get(): V | undefined {
    return undefined;
  }
  has(): boolean {
    return false;
  }
  set(): void {}
  prune(): void {}
  async save(): Promise<void> {}
}

/** Caches that store nothing (check and tests: every build starts from the sources). */
export const noCaches: Caches = {
  kind: 'none',
  open: async <V>() => new NoCache<V>(),
};

/** The persistent caches of a project, in .stitch/cache/, one set per content folder. */
export function persistentCaches(config: Pick<ResolvedConfig, 'root' | 'contentDir' | 'cacheDir'>): Caches {
  // Relative to the project, so a checkout elsewhere (or a CI cache restore) still hits.
  const scope = relative(config.root, config.contentDir) || '.';
  return new PersistentCaches(`${config.cacheDir}/cache`, scope);
}

/**
 * The caches a command builds with: `build` keeps them on disk; `dev` in memory for the life of
 * the process, its first build reading (and filling) the disk ones; `check` none.
 */
export function cachesFor(command: 'build' | 'dev' | 'check', config: Pick<ResolvedConfig, 'root' | 'contentDir' | 'cacheDir'>): Caches {
  if (command === 'check') return noCaches;
  if (command === 'dev') return new MemoryCaches(persistentCaches(config));
  return persistentCaches(config);
}

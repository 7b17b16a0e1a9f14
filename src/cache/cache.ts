// One cache interface for everything a build may keep between runs: the store of file-cache.ts
// (files under .stitch/cache, with memory in front for a dev session) or none (`cachesFor`
// chooses per command). Keys are chosen by the caller and must name everything the value is
// made from; a value read back is checked, so damage is a miss.
/** One kind of cached value, opened for one build. */
export interface Cache<V> {
  /** The value stored under `key` (counts as a use: prune keeps it). */
  get(key: string): V | undefined;
  /** Counts `key` as a use without reading it (prune keeps its entry): its value is not needed now. */
  keep(key: string): void;
  /** Stores `value` under `key` (counts as a use). */
  set(key: string, value: V): void;
  /** Drops, at save(), the entries neither read nor written since the cache was opened. */
  prune(): void;
  /** Finishes what set() and prune() started. Never rejects: a cache only saves time. */
  save(): Promise<void>;
}

/** What a kind of cache is called and how its values are stored in a file. */
export interface CacheKind<V> {
  /** Folder under .stitch/cache/. */
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
  open<V>(kind: CacheKind<V>): Promise<Cache<V>>;
  /** Why entries could not be stored in this build (a full or read-only disk), once each: the build's warnings. */
  problems(): string[];
}

/** Caches that store nothing (check and tests: every build starts from the sources). */
export const noCaches: Caches = {
  open: async () => ({ get: () => undefined, keep() {}, set() {}, prune() {}, save: async () => {} }),
  problems: () => [],
};

// The memory implementation of the cache (stitch dev): entries live as long as the process, so
// each rebuild finds what the previous one stored. The first build of each kind can be warmed
// from another implementation (the file cache): what it finds there is kept in memory,
// what it makes is written to both, and later builds use memory alone.
import type { Cache, CacheKind, Caches } from './cache.ts';

export class MemoryCaches implements Caches {
  /** Per kind (name and version): its entries. */
  private readonly stores = new Map<string, Map<string, unknown>>();

  constructor(private readonly fallback?: Caches) {}

  async open<V>(kind: CacheKind<V>): Promise<Cache<V>> {
    const id = `${kind.name}\0${kind.version}`;
    let store = this.stores.get(id) as Map<string, V> | undefined;
    let behind: Cache<V> | undefined;
    if (!store) {
      store = new Map();
      this.stores.set(id, store);
      behind = await this.fallback?.open(kind);
    }
    return new MemoryCache(store, behind);
  }

  problems(): string[] {
    return this.fallback?.problems() ?? [];
  }
}

/** One build's view of a memory store: remembers which keys it used, for prune(). */
class MemoryCache<V> implements Cache<V> {
  private readonly used = new Set<string>();

  constructor(private readonly store: Map<string, V>, private readonly behind?: Cache<V>) {}

  get(key: string): V | undefined {
    this.used.add(key);
    let value = this.store.get(key);
    if (value === undefined && this.behind) {
      value = this.behind.get(key);
      if (value !== undefined) this.store.set(key, value);
    }
    return value;
  }

  keep(key: string): void {
    this.used.add(key);
    this.behind?.keep(key);
  }

  set(key: string, value: V): void {
    this.used.add(key);
    this.store.set(key, value);
    this.behind?.set(key, value);
  }

  prune(): void {
    for (const key of this.store.keys()) if (!this.used.has(key)) this.store.delete(key);
    this.behind?.prune();
  }

  async save(): Promise<void> {
    await this.behind?.save();
  }
}

// The persistent implementation of the cache (stitch build): one append-only pack file per kind
// and content folder, .stitch/cache/<name>/<scope hash>.pack, so a warm build reads one file:
//   header  "STPK" u32 format, u32 versionLength, version (the kind's, UTF-8)
//   record  u32 keyLength, u32 valueLength, u32 crc32(key + value), key (UTF-8), value
// Values stay bytes until asked for (a build decodes only what it uses). A later record of a key
// replaces an earlier one. A record whose length or checksum does not match ends the readable
// part: the rest is ignored and the pack rewritten, so a torn or corrupt file can cost time but
// never give a wrong value. A pack of another version is ignored whole.
//
// save() appends the new records when it can (a one-post edit writes one record) and rewrites
// the pack atomically when it must: the file was missing, torn or of another version, or the
// entries prune() dropped take up a quarter of it.
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import type { Cache, CacheKind, Caches } from './cache.ts';

const MAGIC = Buffer.from('STPK');
const FORMAT = 1;
const RECORD_HEAD = 12;
/** Records go out in batches of about a megabyte: the pack is never a second time in memory. */
const BATCH = 1 << 20;

export class PersistentCaches implements Caches {
  readonly kind = 'persistent';
  private readonly name: string;

  /** `dir`: .stitch/cache; `scope`: the content folder the entries belong to. */
  constructor(private readonly dir: string, scope: string) {
    this.name = createHash('sha256').update(scope).digest('hex').slice(0, 16);
  }

  /** The pack of a kind (tests corrupt it on purpose). */
  file(kind: Pick<CacheKind<unknown>, 'name'>): string {
    return join(this.dir, kind.name, `${this.name}.pack`);
  }

  async open<V>(kind: CacheKind<V>): Promise<Cache<V>> {
    const cache = new PackCache(this.file(kind), kind);
    let data: Buffer | undefined;
    try {
      data = await readFile(cache.file);
    } catch {
      // Missing or unreadable: an empty cache.
    }
    if (data) cache.load(data);
    return cache;
  }
}

class PackCache<V> implements Cache<V> {
  /** Entries read from disk: key → value bytes (slices of the pack). */
  private readonly stored = new Map<string, Buffer>();
  /** Entries set in this build, not on disk yet. */
  private readonly added = new Map<string, V>();
  /** Keys this build read or wrote. */
  private readonly used = new Set<string>();
  /** Bytes of readable records on disk (those of entries no longer wanted included). */
  private diskBytes = 0;
  /** The pack must be rewritten (missing, torn, corrupt or of another version). */
  private rewrite = true;

  constructor(readonly file: string, private readonly kind: CacheKind<V>) {}

  load(data: Buffer): void {
    const header = headerOf(this.kind.version);
    if (data.length < header.length || !data.subarray(0, header.length).equals(header)) return;
    let offset = header.length;
    while (offset + RECORD_HEAD <= data.length) {
      const keyLength = data.readUInt32LE(offset);
      const valueLength = data.readUInt32LE(offset + 4);
      const end = offset + RECORD_HEAD + keyLength + valueLength;
      if (end > data.length) break;
      const body = data.subarray(offset + RECORD_HEAD, end);
      if (crc32(body) !== data.readUInt32LE(offset + 8)) break;
      this.stored.set(body.toString('utf8', 0, keyLength), body.subarray(keyLength));
      offset = end;
    }
    this.diskBytes = offset - header.length;
    // Anything left over is a torn or corrupt tail: rewrite without it.
    this.rewrite = offset !== data.length;
  }

  get(key: string): V | undefined {
    this.used.add(key);
    const added = this.added.get(key);
    if (added !== undefined) return added;
    const bytes = this.stored.get(key);
    if (bytes === undefined) return undefined;
    const value = this.kind.decode(bytes);
    if (value === undefined) this.drop(key);
    return value;
  }

  has(key: string): boolean {
    return this.added.has(key) || this.stored.has(key);
  }

  set(key: string, value: V): void {
    this.used.add(key);
    this.drop(key);
    this.added.set(key, value);
  }

  prune(): void {
    for (const key of this.stored.keys()) if (!this.used.has(key)) this.drop(key);
  }

  async save(): Promise<void> {
    // Replaced, pruned or undecodable entries are still on disk: the bytes not in a stored entry.
    let liveBytes = 0;
    for (const [key, value] of this.stored) liveBytes += RECORD_HEAD + Buffer.byteLength(key) + value.length;
    const compact = this.rewrite || (this.diskBytes - liveBytes) * 4 > this.diskBytes;
    if (!compact && this.added.size === 0) return;
    const encoded = [...this.added].map(([key, value]) => record(key, this.kind.encode(value)));
    try {
      if (compact) await writeFileAtomic(this.file, this.records(encoded));
      else await this.append(encoded);
    } catch {
      // The cache only saves time: a failed write (read-only or full disk) never fails the build.
      return;
    }
    // Saved: what was added is now on disk (a second save writes only what comes after).
    for (const r of encoded) this.stored.set(r.key, r.bytes.subarray(r.bytes.length - r.valueLength));
    const written = encoded.reduce((sum, r) => sum + r.bytes.length, 0);
    this.diskBytes = compact ? liveBytes + written : this.diskBytes + written;
    this.added.clear();
    this.rewrite = false;
  }

  /** The whole pack: header, the stored entries still wanted, then the new ones. */
  private *records(encoded: Encoded[]): Generator<Buffer> {
    let batch: Buffer[] = [headerOf(this.kind.version)];
    let size = 0;
    const flush = () => {
      const out = Buffer.concat(batch);
      batch = [];
      size = 0;
      return out;
    };
    const pending = (function* (stored: Map<string, Buffer>) {
      for (const [key, value] of stored) yield record(key, value).bytes;
      for (const r of encoded) yield r.bytes;
    })(this.stored);
    for (const bytes of pending) {
      batch.push(bytes);
      size += bytes.length;
      if (size >= BATCH) yield flush();
    }
    if (batch.length > 0) yield flush();
  }

  private async append(encoded: Encoded[]): Promise<void> {
    const file = await open(this.file, 'a');
    try {
      // The pack vanished since it was read: start it again with a header.
      const fresh = (await file.stat()).size === 0;
      await file.write(Buffer.concat([...(fresh ? [headerOf(this.kind.version)] : []), ...encoded.map((r) => r.bytes)]));
    } finally {
      await file.close();
    }
  }

  /** Forgets a stored entry (its record on disk becomes waste, see save). */
  private drop(key: string): void {
    this.stored.delete(key);
  }
}

interface Encoded {
  key: string;
  valueLength: number;
  bytes: Buffer;
}

function headerOf(version: string): Buffer {
  const v = Buffer.from(version, 'utf8');
  const b = Buffer.alloc(12 + v.length);
  MAGIC.copy(b, 0);
  b.writeUInt32LE(FORMAT, 4);
  b.writeUInt32LE(v.length, 8);
  v.copy(b, 12);
  return b;
}

function record(key: string, value: string | Uint8Array): Encoded {
  const keyLength = Buffer.byteLength(key);
  const valueLength = typeof value === 'string' ? Buffer.byteLength(value) : value.length;
  const b = Buffer.allocUnsafe(RECORD_HEAD + keyLength + valueLength);
  b.writeUInt32LE(keyLength, 0);
  b.writeUInt32LE(valueLength, 4);
  b.write(key, RECORD_HEAD, 'utf8');
  if (typeof value === 'string') b.write(value, RECORD_HEAD + keyLength, 'utf8');
  else b.set(value, RECORD_HEAD + keyLength);
  b.writeUInt32LE(crc32(b.subarray(RECORD_HEAD)), 8);
  return { key, valueLength, bytes: b };
}

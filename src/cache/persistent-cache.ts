// The persistent implementation of the cache (stitch build): one append-only pack file per kind
// and content folder, .stitch/cache/<name>/<scope hash>.pack, so a warm build reads one file:
//   header  "STPK" u32 format, u32 versionLength, version (the kind's, UTF-8)
//   record  u32 keyLength, u32 valueLength, u32 crc32(key + value), key (UTF-8), value
// Values stay bytes until asked for (a build decodes only what it uses). A later record of a key
// replaces an earlier one. A record whose length or checksum does not match ends the readable
// part: the rest is ignored and the pack rewritten, so a torn or corrupt file can cost time but
// never give a wrong value. A pack of another version is ignored whole.
//
// What a build sets goes to disk while the build runs, in batches of about a megabyte, instead
// of waiting in memory for save(): a cold build of 10,000 posts would otherwise hold all their
// Markdown HTML at once, and a build killed half-way keeps what it had written. A batch is
// appended to the pack; the first one is written with the whole pack, atomically (temp +
// rename), when the pack must be rewritten anyway: it was missing, torn or of another version.
// save() writes the last batch, and rewrites the pack atomically when the entries prune()
// dropped (or a later record replaced) take up a quarter of it.
//
// Other threads may append records themselves (`share`, then `appendRecords` in the thread):
// the document workers write the Markdown HTML they render straight into the pack, so it never
// crosses to the build's thread (docs/performance.md, "Memory, sixth session"). Each writer
// reserves the room for its records by moving the pack's end, one shared counter (Atomics),
// and writes there; the build's thread is told where each record went (`appended`). A thread
// stopped between its reservation and its write leaves a hole of zero bytes: a record with an
// empty key, which ends the readable part like a torn one.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import type { Cache, CacheKind, Caches } from './cache.ts';

const MAGIC = Buffer.from('STPK');
const FORMAT = 1;
const RECORD_HEAD = 12;
/** Records go to disk in batches of about a megabyte: few writes, and little waits in memory. */
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

/** Where other threads append records to a pack themselves (plain data: it goes to a worker). */
export interface PackAppend {
  file: string;
  /** The pack's end (one 64-bit integer): a writer adds its records' length to reserve their room. */
  end: SharedArrayBuffer;
}

/** Where a record is in the pack: its first byte and its length (head included). */
export interface Place {
  offset: number;
  length: number;
}

/**
 * Appends records (a key and its value as the kind encodes it) to a shared pack, from any
 * thread: one reservation and one write for them all. Returns where each went, in order; throws
 * when the pack cannot be written (then none of them is an entry).
 */
export function appendRecords(target: PackAppend, records: [key: string, value: string | Uint8Array][]): Place[] {
  const encoded = records.map(([key, value]) => record(key, value).bytes);
  const bytes = encoded.length === 1 ? encoded[0] : Buffer.concat(encoded);
  let offset = reserve(target, bytes.length);
  writeAt(target.file, bytes, offset);
  return encoded.map((b) => {
    const place = { offset, length: b.length };
    offset += b.length;
    return place;
  });
}

export class PackCache<V> implements Cache<V> {
  /** Entries read from disk: key → value bytes (slices of the pack). */
  private readonly stored = new Map<string, Buffer>();
  /** Entries this build set and wrote: key → where its record is in the pack. */
  private readonly written = new Map<string, Place>();
  /** Entries this build set that are not on disk yet (the batch being filled and the one being written). */
  private readonly pending = new Map<string, Encoded>();
  /** Records waiting for the next write. */
  private batch: Encoded[] = [];
  private batchBytes = 0;
  /** The writes so far, one after the other. */
  private writing: Promise<void> = Promise.resolve();
  /** A write failed (read-only or full disk): nothing more is written, pending entries stay in memory. */
  private failed = false;
  /** Keys this build read or wrote. */
  private readonly used = new Set<string>();
  /** Bytes of readable records on disk (those of entries no longer wanted included). */
  private diskBytes = 0;
  /** The pack must be rewritten (missing, torn, corrupt or of another version). */
  private rewrite = true;
  /** Set once other threads may append (`share`): every write then reserves its room. */
  private shared?: PackAppend;

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
      // An empty key is a hole a writer reserved and never filled (no cache key is empty).
      if (keyLength === 0 || crc32(body) !== data.readUInt32LE(offset + 8)) break;
      this.stored.set(body.toString('utf8', 0, keyLength), body.subarray(keyLength));
      offset = end;
    }
    this.diskBytes = offset - header.length;
    // Anything left over is a torn or corrupt tail: rewrite without it.
    this.rewrite = offset !== data.length;
  }

  get(key: string): V | undefined {
    this.used.add(key);
    const bytes = this.pending.get(key)?.value() ?? this.readBack(key) ?? this.stored.get(key);
    if (bytes === undefined) return undefined;
    const value = this.kind.decode(bytes);
    if (value === undefined) this.drop(key);
    return value;
  }

  has(key: string): boolean {
    return this.pending.has(key) || this.written.has(key) || this.stored.has(key);
  }

  set(key: string, value: V): void {
    this.used.add(key);
    this.drop(key);
    const r = record(key, this.kind.encode(value));
    this.pending.set(key, r);
    this.batch.push(r);
    this.batchBytes += r.bytes.length;
    if (this.batchBytes >= BATCH) this.flush();
  }

  /**
   * Lets other threads append records to the pack (`appendRecords`) while this build runs: the
   * pack is made whole first (written now if it had to be rewritten). Undefined when it cannot
   * be written; then values go through set().
   */
  async share(): Promise<PackAppend | undefined> {
    if (this.shared || this.failed) return this.shared;
    this.flush();
    await this.writing;
    try {
      if (this.rewrite) await this.writeWhole([]);
      const end = new SharedArrayBuffer(8);
      new BigInt64Array(end)[0] = BigInt((await stat(this.file)).size);
      this.shared = { file: this.file, end };
    } catch {
      this.failed = true;
    }
    return this.shared;
  }

  /** An entry another thread appended (`appendRecords` on `share`'s pack): as if set() had written it there. */
  appended(key: string, place: Place): void {
    this.used.add(key);
    this.drop(key);
    this.written.set(key, place);
    this.diskBytes += place.length;
  }

  prune(): void {
    for (const key of this.stored.keys()) if (!this.used.has(key)) this.stored.delete(key);
  }

  async save(): Promise<void> {
    this.flush();
    await this.writing;
    // The cache only saves time: a failed write (read-only or full disk) never fails the build.
    if (this.failed) return;
    // Replaced, pruned or undecodable entries are still on disk: the bytes not in a live entry.
    let liveBytes = 0;
    for (const [key, value] of this.stored) liveBytes += RECORD_HEAD + Buffer.byteLength(key) + value.length;
    for (const place of this.written.values()) liveBytes += place.length;
    if (!this.rewrite && (this.diskBytes - liveBytes) * 4 <= this.diskBytes) return;
    const moved = new Map<string, Place>();
    try {
      await writeFileAtomic(this.file, batches(this.compacted(moved)));
    } catch {
      return;
    }
    this.written.clear();
    for (const [key, place] of moved) this.written.set(key, place);
    this.diskBytes = liveBytes;
    this.rewrite = false;
    this.shared = undefined; // a new file: later writes append to it
  }

  /** Sends the records set since the last write to disk, after the writes before them. */
  private flush(): void {
    if (this.batch.length === 0 || this.failed) return;
    const batch = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    this.writing = this.writing.then(() => this.write(batch));
  }

  /** Appends a batch to the pack, or writes the whole pack with it when the pack must be rewritten. */
  private async write(batch: Encoded[]): Promise<void> {
    if (this.failed) return;
    let offset: number;
    try {
      if (this.rewrite) {
        offset = await this.writeWhole(batch);
      } else if (this.shared) {
        const bytes = Buffer.concat(batch.map((r) => r.bytes));
        offset = reserve(this.shared, bytes.length);
        writeAt(this.file, bytes, offset);
      } else {
        offset = await append(this.file, this.kind.version, Buffer.concat(batch.map((r) => r.bytes)));
      }
    } catch {
      this.failed = true;
      return;
    }
    for (const r of batch) {
      this.diskBytes += r.bytes.length;
      // A later set of the same key is still to come: that one is the entry.
      if (this.pending.get(r.key) === r) {
        this.pending.delete(r.key);
        this.written.set(r.key, { offset, length: r.bytes.length });
      }
      offset += r.bytes.length;
    }
  }

  /** Writes the whole pack, atomically: header, the stored entries, then `batch`; resolves with where `batch` starts. */
  private async writeWhole(batch: Encoded[]): Promise<number> {
    const header = headerOf(this.kind.version);
    const stored = [...this.stored].map(([key, value]) => record(key, value).bytes);
    await writeFileAtomic(this.file, batches([header, ...stored, ...batch.map((r) => r.bytes)]));
    this.diskBytes = stored.reduce((sum, b) => sum + b.length, 0);
    this.rewrite = false;
    return header.length + this.diskBytes;
  }

  /** The value bytes of an entry this build wrote, read back from the pack (undefined when it is not there any more). */
  private readBack(key: string): Buffer | undefined {
    const place = this.written.get(key);
    if (!place) return undefined;
    const bytes = readRecord(this.file, place, key);
    if (bytes === undefined) this.written.delete(key);
    return bytes;
  }

  /** The whole pack: header, the stored entries still wanted, then those this build wrote (their new places in `moved`). */
  private *compacted(moved: Map<string, Place>): Generator<Buffer> {
    const header = headerOf(this.kind.version);
    yield header;
    let offset = header.length;
    for (const [key, value] of this.stored) {
      const { bytes } = record(key, value);
      offset += bytes.length;
      yield bytes;
    }
    for (const [key, place] of this.written) {
      const value = readRecord(this.file, place, key);
      if (value === undefined) continue;
      const { bytes } = record(key, value);
      moved.set(key, { offset, length: bytes.length });
      offset += bytes.length;
      yield bytes;
    }
  }

  /** Forgets an entry (its record on disk becomes waste, see save). */
  private drop(key: string): void {
    this.stored.delete(key);
    this.written.delete(key);
    this.pending.delete(key);
  }
}

interface Encoded {
  key: string;
  bytes: Buffer;
  value(): Buffer;
}

/** Appends records to the pack; resolves with the offset they were written at. */
async function append(file: string, version: string, records: Buffer): Promise<number> {
  const handle = await open(file, 'a');
  try {
    let offset = (await handle.stat()).size;
    // The pack vanished since it was read: start it again with a header.
    if (offset === 0) {
      const header = headerOf(version);
      await handle.write(header);
      offset = header.length;
    }
    await handle.write(records);
    return offset;
  } finally {
    await handle.close();
  }
}

/** Reserves `length` bytes at the end of a shared pack; returns where they start. */
function reserve(target: PackAppend, length: number): number {
  return Number(Atomics.add(new BigInt64Array(target.end), 0, BigInt(length)));
}

/** Writes `bytes` into the pack at `offset` (room reserved by this thread). */
function writeAt(file: string, bytes: Uint8Array, offset: number): void {
  const fd = openSync(file, 'r+');
  try {
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done, offset + done);
  } finally {
    closeSync(fd);
  }
}

/** The value bytes of `key`'s record at `place`, when it is there, whole and unchanged. */
function readRecord(file: string, place: Place, key: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const b = Buffer.allocUnsafe(place.length);
    if (readSync(fd, b, 0, place.length, place.offset) !== place.length) return undefined;
    const keyLength = b.readUInt32LE(0);
    const body = b.subarray(RECORD_HEAD);
    if (RECORD_HEAD + keyLength + b.readUInt32LE(4) !== place.length || crc32(body) !== b.readUInt32LE(8)) return undefined;
    return body.toString('utf8', 0, keyLength) === key ? body.subarray(keyLength) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Joins buffers into writes of about BATCH bytes: a large pack is never a second time in memory. */
function* batches(buffers: Iterable<Buffer>): Generator<Buffer> {
  let batch: Buffer[] = [];
  let size = 0;
  for (const b of buffers) {
    batch.push(b);
    size += b.length;
    if (size >= BATCH) {
      yield Buffer.concat(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield Buffer.concat(batch);
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
  return { key, bytes: b, value: () => b.subarray(RECORD_HEAD + keyLength) };
}

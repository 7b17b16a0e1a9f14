// A persistent cache of the Markdown stage's output, keyed by content hash: sha256 of the engine
// version, the plugin options and the Markdown text. It lives in one append-only pack file per
// content folder (.stitch/cache/markdown/<scope>.pack) so a warm build reads one file:
//   header  "STMD" u32 version
//   record  u32 htmlLength, u32 crc32(key + html), 32-byte key, UTF-8 html
// A record whose length or checksum does not match ends the readable part: everything after it
// is ignored and the pack is rewritten, so a torn or corrupt file can cost time but never give
// a wrong page. Entries no build used are dropped when they make up a quarter of the file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

const MAGIC = Buffer.from('STMD');
const VERSION = 1;
const HEADER = 8;
const KEY = 32;
const RECORD_HEAD = 8 + KEY;

/** The cache key of one Markdown document. */
export function markdownKey(markdown: string, optionsKey: string, engineVersion: string): string {
  return createHash('sha256').update(engineVersion).update('\0').update(optionsKey).update('\0').update(markdown).digest('hex');
}

export class MarkdownCache {
  /** Entries read from disk: key → html bytes (slices of the pack). */
  private readonly stored = new Map<string, Buffer>();
  /** Entries added by this build. */
  private readonly added = new Map<string, string>();
  /** Keys this build asked for. */
  private readonly used = new Set<string>();
  /** Bytes of records on disk. */
  private storedBytes = 0;
  /** The pack must be rewritten (missing, corrupt, wrong version). */
  private rewrite = true;

  private constructor(private readonly file: string) {}

  /** Opens the pack for `scope` (a content folder); a missing or unreadable pack is an empty cache. */
  static async open(cacheDir: string, scope: string): Promise<MarkdownCache> {
    const name = createHash('sha256').update(scope).digest('hex').slice(0, 16);
    const cache = new MarkdownCache(join(cacheDir, 'markdown', `${name}.pack`));
    let data: Buffer;
    try {
      data = await readFile(cache.file);
    } catch {
      return cache;
    }
    cache.load(data);
    return cache;
  }

  private load(data: Buffer): void {
    if (data.length < HEADER || !data.subarray(0, 4).equals(MAGIC) || data.readUInt32LE(4) !== VERSION) return;
    let offset = HEADER;
    while (offset + RECORD_HEAD <= data.length) {
      const length = data.readUInt32LE(offset);
      const sum = data.readUInt32LE(offset + 4);
      const end = offset + RECORD_HEAD + length;
      if (end > data.length) break;
      const body = data.subarray(offset + 8, end);
      if (crc32(body) !== sum) break;
      this.stored.set(body.subarray(0, KEY).toString('hex'), body.subarray(KEY));
      offset = end;
    }
    this.storedBytes = offset - HEADER;
    // Anything left over is a torn or corrupt tail: rewrite without it.
    this.rewrite = offset !== data.length;
  }

  /** Number of entries available. */
  get size(): number {
    return this.stored.size + this.added.size;
  }

  /** Whether an entry is available (without marking it used). */
  has(key: string): boolean {
    return this.added.has(key) || this.stored.has(key);
  }

  get(key: string): string | undefined {
    this.used.add(key);
    const added = this.added.get(key);
    if (added !== undefined) return added;
    return this.stored.get(key)?.toString('utf8');
  }

  set(key: string, html: string): void {
    this.used.add(key);
    if (!this.stored.has(key)) this.added.set(key, html);
  }

  /** Writes what this build added; compacts when unused entries take a quarter of the pack. */
  async save(): Promise<void> {
    let unusedBytes = 0;
    for (const [key, html] of this.stored) if (!this.used.has(key)) unusedBytes += RECORD_HEAD + html.length;
    const compact = this.rewrite || unusedBytes * 4 > this.storedBytes;
    if (!compact && this.added.size === 0) return;
    await mkdir(join(this.file, '..'), { recursive: true });
    // Records go out in batches of about a megabyte: the pack is never a second time in memory.
    const records = function* (this: MarkdownCache) {
      if (compact) {
        yield header();
        for (const [key, html] of this.stored) if (this.used.has(key)) yield record(key, html);
      }
      for (const [key, html] of this.added) yield record(key, Buffer.from(html, 'utf8'));
    }.call(this);
    // A unique temporary name: builds in other processes or worker threads may save at the same time.
    const temp = compact ? `${this.file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp` : this.file;
    const file = await open(temp, compact ? 'w' : 'a');
    try {
      let batch: Buffer[] = [];
      let size = 0;
      for (const r of records) {
        batch.push(r);
        size += r.length;
        if (size >= 1 << 20) {
          await file.write(Buffer.concat(batch));
          batch = [];
          size = 0;
        }
      }
      if (batch.length > 0) await file.write(Buffer.concat(batch));
    } finally {
      await file.close();
    }
    if (compact) await rename(temp, this.file).catch(async (error: unknown) => {
      await rm(temp, { force: true });
      throw error;
    });
  }
}

function header(): Buffer {
  const b = Buffer.alloc(HEADER);
  MAGIC.copy(b, 0);
  b.writeUInt32LE(VERSION, 4);
  return b;
}

function record(key: string, html: Buffer): Buffer {
  const b = Buffer.allocUnsafe(RECORD_HEAD + html.length);
  b.writeUInt32LE(html.length, 0);
  b.write(key, 8, KEY, 'hex');
  html.copy(b, RECORD_HEAD);
  b.writeUInt32LE(crc32(b.subarray(8)), 4);
  return b;
}

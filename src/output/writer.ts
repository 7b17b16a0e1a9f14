// A swappable output sink: the disk writer (incremental-writer.ts) builds into a staging folder
// beside the out dir and swaps it in; the memory writer lets check, dev and tests run the whole
// pipeline without touching dist/.
import { outputFile } from './output-path.ts';
import type { PageFacts } from '../render/page-facts.ts';

export interface Writer {
  /**
   * Writes a file at a path relative to the output root. `key`: a name that stands for the
   * contents (a content-addressed cache entry, as a social card's), so a writer that keeps
   * unchanged files need not hash them.
   */
  write(path: string, contents: string | Uint8Array, key?: string): Promise<void>;
  /** Keeps the previous build's file at `path` when it was written from `key` (write()'s) and is intact: then nothing need be read to write it. */
  keep?(path: string, key: string): Promise<boolean>;
  /** Copies a file from disk into the output. */
  copy(path: string, from: string): Promise<void>;
  /** Makes the output visible (swap for the FS writer); nothing is visible before. */
  commit(): Promise<void>;
  /** Drops everything written (a failed build). */
  abort(): Promise<void>;
  /** Reads back a file written in this build, where the writer can (for the gzip measure). */
  readBack?(path: string): Promise<Uint8Array | undefined>;
}

/** A writer that can keep an unchanged page instead of having it rendered and written again. */
export interface ReusingWriter extends Writer {
  /** Loads what the previous build wrote; call before reuse(). */
  prepare(): Promise<void>;
  /** The kept page's metadata when `path` was written from `key` and is intact; undefined otherwise. */
  reuse(path: string, key: string): PageFacts | undefined;
  /** Writes a page with the key of its render inputs. */
  writePage(path: string, html: string, key: string): Promise<void>;
  /** Records a page's metadata (after its gzip size is known). */
  describe(path: string, meta: PageFacts): void;
  /** Where a render worker may write pages itself (then it calls wrotePage); none for memory output. */
  readonly directory?: string;
  /** Records a page a worker wrote at `directory`/`path`. */
  wrotePage(path: string, key: string, size: number, mtimeMs: number): void;
  /** Reads back a file written in this build. */
  readBack(path: string): Promise<Uint8Array | undefined>;
}

/** A writer that keeps unchanged pages (the CLI's; a keyed memory writer in dev). */
export function isReusingWriter(writer: Writer | undefined): writer is ReusingWriter {
  const w = writer as (Partial<ReusingWriter> & { reusing?: boolean }) | undefined;
  return typeof w?.reuse === 'function' && w.reusing !== false;
}

/**
 * Output in memory (check, dev, tests). Made with `{ keyed: true }` it also records the key
 * each page was written from (the same page key as the CLI's output manifest), and with
 * `previous` it keeps a page of that earlier output whose key did not change instead of having
 * it rendered again: stitch dev's rebuilds.
 */
export class MemoryWriter implements ReusingWriter {
  /** Every file written, by output path. */
  readonly files = new Map<string, Uint8Array | string>();
  /** Files copied from disk, by output path → source path (not read into memory). */
  readonly copies = new Map<string, string>();
  /** Per page: the key it was written from and its facts (keyed writers only). */
  readonly pages = new Map<string, { key: string; meta?: PageFacts }>();
  private readonly keyed: boolean;
  private readonly previous?: MemoryWriter;
  constructor(options: { keyed?: boolean; previous?: MemoryWriter } = {}) {
    this.keyed = options.keyed ?? false;
    this.previous = options.previous;
  }
  /** Whether page keys are worth computing for this writer. */
  get reusing(): boolean {
    return this.keyed;
  }
  async prepare() {}
  reuse(path: string, key: string): PageFacts | undefined {
    const earlier = this.previous?.pages.get(path);
    const contents = this.previous?.files.get(path);
    if (!earlier || earlier.key !== key || !earlier.meta || contents === undefined) return undefined;
    this.files.set(path, contents);
    this.pages.set(path, earlier);
    return earlier.meta;
  }
  async writePage(path: string, html: string, key: string) {
    await this.write(path, html);
    this.pages.set(path, { key });
  }
  describe(path: string, meta: PageFacts) {
    const page = this.pages.get(path);
    if (page) page.meta = meta;
  }
  wrotePage(): void {
    throw new Error('a memory writer has no directory for workers to write pages into');
  }
  async readBack(path: string): Promise<Uint8Array | undefined> {
    const contents = this.files.get(path);
    return typeof contents === 'string' ? Buffer.from(contents) : contents;
  }
  async write(path: string, contents: string | Uint8Array) {
    // The same rule as on disk, so `check` fails where `build` would.
    outputFile('/output', path);
    this.files.set(path, contents);
  }
  async copy(path: string, from: string) {
    outputFile('/output', path);
    this.copies.set(path, from);
  }
  async commit() {}
  async abort() {
    this.files.clear();
    this.copies.clear();
  }
  text(path: string): string | undefined {
    const v = this.files.get(path);
    return v === undefined ? undefined : typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
  }
  has(path: string): boolean {
    return this.files.has(path) || this.copies.has(path);
  }
}

/**
 * Runs `fn` on each item, at most `limit` at once (file systems dislike thousands of open
 * handles). After a failure no more items start; the first failure is thrown once the running
 * ones are done.
 */
export async function writeAll<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = new WriteQueue(limit);
  try {
    for (const item of items) await queue.add(() => fn(item));
  } finally {
    await queue.drain();
  }
}

/**
 * Writes with bounded concurrency that start as soon as a file is ready (pages and cards stream
 * in), with back-pressure so what is to be written never piles up in memory.
 */
export class WriteQueue {
  private readonly running = new Set<Promise<void>>();
  private error?: unknown;

  constructor(private readonly limit = 32) {}

  /** Starts a write; waits first while `limit` writes are in flight. */
  async add(write: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.error) throw this.error;
    const p: Promise<void> = write().catch((error: unknown) => {
      this.error ??= error;
    }).finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Waits for every write; rethrows the first failure. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.race(this.running);
    if (this.error) throw this.error;
  }
}

// A swappable output sink: the file-system writer builds into a temporary folder beside the
// out dir and swaps it in (output-swap.ts); the memory writer lets check, dev and tests run the
// whole pipeline without touching dist/.
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { outputFile } from './output-path.ts';
import { recoverOutput, stagingFolder, swapIn } from './output-swap.ts';
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
  /** Pages kept from `previous` by this build. */
  kept = 0;
  private readonly keyed: boolean;
  private readonly previous?: MemoryWriter;
  constructor(options: { keyed?: boolean; previous?: MemoryWriter } = {}) {
    this.keyed = options.keyed ?? false;
    this.previous = options.previous;
  }
  /** A keyed copy of this output, to change a few files of (dev's body-edit rebuild). */
  clone(): MemoryWriter {
    const clone = new MemoryWriter({ keyed: true });
    for (const [path, contents] of this.files) clone.files.set(path, contents);
    for (const [path, page] of this.pages) clone.pages.set(path, page);
    for (const [path, from] of this.copies) clone.copies.set(path, from);
    return clone;
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
    this.kept++;
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

/** Writes everything into a staging folder and swaps it in at commit (output-swap.ts). */
export class FsWriter implements Writer {
  private readonly staging: string;
  private readonly dirs = new Set<string>();
  private recovered?: Promise<void>;
  constructor(private readonly outDir: string) {
    this.staging = stagingFolder(outDir);
  }
  private async ensureDir(file: string) {
    // What a killed build left beside the output is put right before this one writes.
    await (this.recovered ??= recoverOutput(this.outDir));
    const dir = dirname(file);
    if (this.dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }
  async write(path: string, contents: string | Uint8Array) {
    const file = outputFile(this.staging, path);
    await this.ensureDir(file);
    await writeFile(file, contents);
  }
  async copy(path: string, from: string) {
    const file = outputFile(this.staging, path);
    await this.ensureDir(file);
    await copyFile(from, file);
  }
  async commit() {
    await (this.recovered ??= recoverOutput(this.outDir));
    await swapIn(this.staging, this.outDir);
  }
  async abort() {
    await rm(this.staging, { recursive: true, force: true });
  }
}

/** Runs writes with bounded concurrency (file systems dislike thousands of open handles). */
export async function writeAll<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}

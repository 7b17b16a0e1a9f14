// A swappable output sink: the file-system writer builds into a temporary folder beside the
// out dir and swaps it in atomically; the memory writer lets check, dev and tests run the
// whole pipeline without touching dist/.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface Writer {
  /** Writes a file at a path relative to the output root. */
  write(path: string, contents: string | Uint8Array): Promise<void>;
  /** Copies a file from disk into the output. */
  copy(path: string, from: string): Promise<void>;
  /** Makes the output visible (swap for the FS writer); nothing is visible before. */
  commit(): Promise<void>;
  /** Drops everything written (a failed build). */
  abort(): Promise<void>;
}

export class MemoryWriter implements Writer {
  /** Every file written, by output path. */
  readonly files = new Map<string, Uint8Array | string>();
  /** Files copied from disk, by output path → source path (not read into memory). */
  readonly copies = new Map<string, string>();
  async write(path: string, contents: string | Uint8Array) {
    this.files.set(path, contents);
  }
  async copy(path: string, from: string) {
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

export class FsWriter implements Writer {
  private readonly staging: string;
  private readonly dirs = new Set<string>();
  constructor(private readonly outDir: string) {
    this.staging = join(dirname(outDir), `.${basename(outDir)}-staging-${process.pid}-${Date.now()}`);
  }
  private async ensureDir(file: string) {
    const dir = dirname(file);
    if (this.dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }
  async write(path: string, contents: string | Uint8Array) {
    const file = join(this.staging, path);
    await this.ensureDir(file);
    await writeFile(file, contents);
  }
  async copy(path: string, from: string) {
    const file = join(this.staging, path);
    await this.ensureDir(file);
    await copyFile(from, file);
  }
  async commit() {
    await mkdir(this.staging, { recursive: true });
    const old = `${this.staging}-old`;
    if (existsSync(this.outDir)) await rename(this.outDir, old);
    await rename(this.staging, this.outDir);
    await rm(old, { recursive: true, force: true });
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

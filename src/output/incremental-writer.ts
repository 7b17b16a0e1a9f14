// The disk writer (stitch build): nothing is visible before commit(), a failed build leaves the
// previous output untouched, and a build only renders and writes what changed.
//
// A manifest in .stitch/cache/output/ records, per output file, the key it was written from
// (a page's render inputs, or a hash of the contents) and the size and mtime it got on disk.
// - No manifest, no output folder, or a manifest marked dirty (a commit that never finished):
//   every file is written into a staging folder.
// - Otherwise a file whose key matches and whose size and mtime are still what was written is
//   kept; changed files are written into the staging folder, and at commit the kept ones are
//   hard-linked into it from the output folder (copied where links fail).
// Either way the staging folder ends up holding the complete new output and is swapped in by
// two renames (output-swap.ts): a build killed at any moment leaves the previous output or the
// new one, never a mix. The manifest is marked dirty around the swap, so a killed commit is
// followed by a full write. Files added to the output folder by hand are not carried over (a
// build that changes nothing leaves the folder as it is).
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PageFacts } from '../render/page-facts.ts';
import { readManifest, writeManifest, type Entry } from './output-manifest.ts';
import { outputFile } from './output-path.ts';
import { recoverOutput, stagingFolder, swapIn } from './output-swap.ts';
import { writeAll, type ReusingWriter } from './writer.ts';

export { isReusingWriter, type ReusingWriter } from './writer.ts';

export class IncrementalWriter implements ReusingWriter {
  private readonly staging: string;
  private readonly manifestFile: string;
  private readonly dirs = new Set<string>();
  /** The previous build's files; undefined when this build writes everything. */
  private previous?: Record<string, Entry>;
  /** Files of this build: kept or written. */
  private readonly next = new Map<string, Entry>();
  /** Files written to the staging folder (to move into place at commit). */
  private readonly staged = new Set<string>();
  /** A kept file's metadata changed (else a build that writes nothing leaves the manifest as it is). */
  private described = false;
  private opened?: Promise<void>;
  /** Writes in flight (abort waits for them before removing the staging folder). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly outDir: string, cacheDir: string) {
    this.staging = stagingFolder(outDir);
    const name = createHash('sha256').update(outDir).digest('hex').slice(0, 16);
    this.manifestFile = join(cacheDir, 'cache', 'output', `${name}.json`);
  }

  /** Puts right what a killed build left, then loads the manifest; called on first use. */
  prepare(): Promise<void> {
    return (this.opened ??= (async () => {
      await recoverOutput(this.outDir);
      if (existsSync(this.outDir)) this.previous = await readManifest(this.manifestFile, this.outDir);
    })());
  }

  /** The previous build's entry of `path` when it was written from `key` and the file is still as written. */
  private intact(path: string, key: string): Entry | undefined {
    const entry = this.previous?.[path];
    if (!entry || entry.key !== key) return undefined;
    try {
      const s = statSync(`${this.outDir}/${path}`); // the manifest's paths are plain: no path.join per kept file
      return s.size === entry.size && s.mtimeMs === entry.mtimeMs ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** `staged`: written to the staging folder in this build (else carried over from the output at commit). */
  private record(path: string, entry: Entry, staged: boolean): void {
    this.next.set(path, entry);
    if (staged) this.staged.add(path);
    else this.staged.delete(path);
  }

  /** Keeps the previous build's file when it was written from `key` and is intact. */
  private keepIntact(path: string, key: string, page?: PageFacts): boolean {
    const kept = this.intact(path, key);
    if (!kept) return false;
    this.record(path, { ...kept, page: page ?? kept.page }, false);
    if (page) this.described = true;
    return true;
  }

  reuse(path: string, key: string): PageFacts | undefined {
    // Synchronous (called per page in a tight loop): prepare() must have run.
    const entry = this.intact(path, `page:${key}`);
    if (!entry?.page) return undefined;
    this.record(path, entry, false);
    return entry.page;
  }

  private put(path: string, key: string, produce: (file: string) => Promise<void>, page?: PageFacts): Promise<void> {
    // Most files of a warm build are kept (~8,000 at 4,000 posts, pages' cards among them): settled here, once the manifest is read.
    if (this.previous && this.keepIntact(path, key, page)) return Promise.resolve();
    const p = (async () => {
      await this.prepare();
      if (this.keepIntact(path, key, page)) return;
      const file = outputFile(this.staging, path);
      await this.ensureDir(file);
      await produce(file);
      const s = await stat(file);
      this.record(path, { key, size: s.size, mtimeMs: s.mtimeMs, page }, true);
    })();
    this.inFlight.add(p);
    return p.finally(() => this.inFlight.delete(p));
  }

  write(path: string, contents: string | Uint8Array, named?: string): Promise<void> {
    const key = named ? `named:${named}` : `sha256:${createHash('sha256').update(contents).digest('hex')}`;
    return this.put(path, key, (file) => writeFile(file, contents));
  }

  async keep(path: string, named: string): Promise<boolean> {
    await this.prepare();
    return this.keepIntact(path, `named:${named}`);
  }

  writePage(path: string, html: string, key: string): Promise<void> {
    return this.put(path, `page:${key}`, (file) => writeFile(file, html), { islands: [], scripts: [] });
  }

  get directory(): string {
    return this.staging;
  }

  wrotePage(path: string, key: string, size: number, mtimeMs: number): void {
    outputFile(this.staging, path);
    this.record(path, { key: `page:${key}`, size, mtimeMs, page: { islands: [], scripts: [] } }, true);
  }

  async readBack(path: string): Promise<Uint8Array | undefined> {
    return readFile(join(this.staged.has(path) ? this.staging : this.outDir, path)).catch(() => undefined);
  }

  describe(path: string, meta: PageFacts): void {
    const entry = this.next.get(path);
    if (!entry || (entry.page && sameMeta(entry.page, meta))) return;
    entry.page = meta;
    this.described = true;
  }

  async copy(path: string, from: string): Promise<void> {
    return this.put(path, copyKey(from), (file) => copyFile(from, file));
  }

  private async ensureDir(file: string): Promise<void> {
    const dir = dirname(file);
    if (this.dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }

  async commit(): Promise<void> {
    await this.prepare();
    await mkdir(dirname(this.manifestFile), { recursive: true }).catch(() => undefined); // saveManifest copes
    if (this.previous) {
      const removed = Object.keys(this.previous).some((p) => !this.next.has(p));
      if (this.staged.size === 0 && !removed) {
        // Nothing written: the manifest on disk still describes the output (rewriting it costs
        // a few hundred ms on a large blog), unless a kept page's metadata changed.
        if (this.described) await this.saveManifest(false);
        await rm(this.staging, { recursive: true, force: true });
        return;
      }
      await this.carryOver();
    }
    await swapIn(this.staging, this.outDir, { beforeSwap: () => this.saveManifest(true), afterSwap: () => this.saveManifest(false) });
  }

  /** Completes the staging folder with the files kept from the previous build. */
  private async carryOver(): Promise<void> {
    const kept = [...this.next].filter(([path]) => !this.staged.has(path));
    await writeAll(kept, 64, async ([path, entry]) => {
      const to = outputFile(this.staging, path);
      await this.ensureDir(to);
      const from = join(this.outDir, path);
      try {
        await link(from, to);
      } catch {
        // No hard links here (another file system, FAT): copy (which throws when the file is gone), and record the copy's size and mtime.
        await copyFile(from, to);
        const s = await stat(to);
        this.next.set(path, { ...entry, size: s.size, mtimeMs: s.mtimeMs });
      }
    });
  }

  async abort(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await rm(this.staging, { recursive: true, force: true, maxRetries: 3 });
  }

  private async saveManifest(dirty: boolean): Promise<void> {
    // Atomic. The dirty mark guards the swap: a dirty manifest is never read for its files
    // (open() writes everything then), and neither is a missing one. So a manifest that cannot
    // be written (a full or read-only cache) is removed instead, and the commit goes on; only
    // when it cannot be removed either does the commit fail.
    try {
      await writeManifest(this.manifestFile, this.outDir, dirty ? 'dirty' : this.next);
    } catch {
      await rm(this.manifestFile, { force: true });
    }
  }
}

/** A copied file's key: its path, size and mtime (a synchronous stat: a build copies thousands of files, and a promise per stat costs several times the CPU). */
function copyKey(from: string): string {
  const s = statSync(from);
  return `copy:${from}:${s.size}:${s.mtimeMs}`;
}

/** Equal metadata; link facts by identity (a kept page's are the very ones read from the manifest). */
function sameMeta(a: PageFacts, b: PageFacts): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return same(a.islands, b.islands) && same(a.scripts, b.scripts) && a.gzip === b.gzip && a.bytes === b.bytes
    && a.image?.url === b.image?.url && a.image?.bytes === b.image?.bytes && a.links === b.links;
}

// What lives for one `stitch dev`: the memory caches and file texts kept between builds, the
// last good build and its output, and the loop that builds after each change: build() with the
// previous build and the files that changed. One build runs at a time; a change that arrives
// while it runs queues exactly one more. A failed build keeps the last good output. The clock is
// an input too: a request after a scheduled post's day has begun rebuilds, so its badge goes.
import { relative, sep } from 'node:path';
import { build, type BuildState } from '../build.ts';
import type { Caches } from '../cache/cache.ts';
import { cachesFor } from '../cache/open-caches.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { businessDay, publicationStatus } from '../content/publication.ts';
import { hasErrors, type Diagnostic } from '../errors/diagnostic.ts';
import { MemoryWriter } from '../output/writer.ts';
import { changes, look, takeSnapshot, type Snapshot, type SnapshotRoot } from './snapshot.ts';

export interface BuildOutcome {
  ok: boolean;
  /** Files that changed, relative to the project root. */
  changed: string[];
  /** Output files whose contents differ from the previous good output. */
  outputs: Set<string>;
  /** Only stylesheets changed: swap them in place. */
  cssOnly: boolean;
  /** Pages rendered in this build (the others were reused). */
  rendered: number;
  pages: number;
  ms: number;
  diagnostics: Diagnostic[];
  /** The previous build had failed and this one succeeded. */
  recovered: boolean;
}

export interface DevSessionOptions {
  /** Tags for every page head: the live-reload client. */
  extraHead: string;
  /** Called after every build that was published. */
  onBuild?: (outcome: BuildOutcome) => void;
  /** The clock (tests); default: SOURCE_DATE_EPOCH when set, else the time of day. */
  now?: () => number;
}

/** Bounded retries when files keep changing while a build reads them. */
const MAX_RESTARTS = 3;

export class DevSession {
  /** The last successful build and its output. */
  state?: BuildState;
  output?: MemoryWriter;
  /** Diagnostics of the current failure; undefined while the last build succeeded. */
  failure?: Diagnostic[];

  /** Inputs of the last build, failed or not: a request compares against it. */
  private built: Snapshot = new Map();
  /** Files changed since the last successful build (the builds since failed). */
  private unsettled = new Set<string>();
  /** Markdown HTML and parsed posts, in memory between builds (the first build reads .stitch/cache). */
  private readonly caches: Caches;
  /** Content file texts with the snapshot stamp they were read at. */
  private readonly texts = new Map<string, { stamp: string; text: string }>();
  private loop?: Promise<void>;
  private again = false;
  /** Files the watcher reported since the last build started. */
  private hinted = new Set<string>();
  /** Whether the next build must walk every input (no hint, or one it cannot trust). */
  private walk = true;
  /** No build has run yet. */
  private initial = true;
  /** A photo was replaced since the last successful build. */
  private photosChanged = false;
  private readonly inputs: SnapshotRoot[];
  /** The build time of the last build (publicationDue compares against it). */
  private lastBuildAt = 0;

  constructor(private readonly config: ResolvedConfig, private readonly options: DevSessionOptions) {
    // The build reads content and templates; of site-assets only which files exist.
    this.inputs = [{ dir: config.contentDir }, { dir: config.templatesDir }, { dir: config.assetsDir, namesOnly: true }];
    this.caches = cachesFor('dev', config);
  }

  /**
   * Rebuilds if any input changed since the last build; resolves when the output is current.
   * `paths`: the files the watcher saw added, changed or removed; only they are looked at again
   * (a few stats instead of a walk of every input). Without it, every input is.
   */
  schedule(paths?: string[]): Promise<void> {
    if (paths) for (const path of paths) this.hinted.add(path);
    else this.walk = true;
    if (this.loop) {
      this.again = true;
      return this.loop;
    }
    this.loop = this.run().finally(() => {
      this.loop = undefined;
    });
    return this.loop;
  }

  /** For requests: waits for a build in flight, and builds first if a file changed unseen or a scheduled post came due. */
  async fresh(): Promise<void> {
    while (this.loop) await this.loop;
    if (this.initial || this.publicationDue() || changes(this.built, takeSnapshot(this.inputs)).size > 0) await this.schedule();
  }

  /** A file in site-assets/ was replaced (the snapshot sees only names): the next build redoes the images. */
  assetChanged(): void {
    this.photosChanged = true;
  }

  /** Resolves when no build is running. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop.catch(() => undefined);
  }

  /** The build time of a build starting now. */
  private now(): number {
    return this.options.now?.() ?? (this.config.buildTimePinned ? this.config.buildTime : Date.now());
  }

  /** A post shown as scheduled whose day has begun since the last build started (only a new business day can make one due). */
  private publicationDue(): boolean {
    const now = this.now();
    if (businessDay(now) === businessDay(this.lastBuildAt)) return false;
    return Boolean(this.state?.graph?.posts.some((p) => p.status === 'scheduled' && publicationStatus(p, this.lastBuildAt) === 'scheduled' && publicationStatus(p, now) !== 'scheduled'));
  }

  private async run(): Promise<void> {
    let restarts = 0;
    do {
      this.again = false;
      const hint = this.walk ? undefined : this.hinted; // the first build walks: `walk` starts true
      this.walk = false;
      this.hinted = new Set();
      const built = this.built;
      // The inputs that changed, with their stamps now: with hints only the files named are
      // looked at (a few stats, not a walk of every input).
      const looked = hint ? look(this.inputs, hint) : changes(built, takeSnapshot(this.inputs));
      const stampOf = (path: string) => (looked.has(path) ? looked.get(path) : built.get(path));
      const changed = [...looked.keys()].filter((path) => built.get(path) !== looked.get(path)).sort();
      const due = this.publicationDue();
      if (changed.length === 0 && !this.initial && !due) continue;
      const result = await this.buildOnce(changed, due, stampOf);
      // Were the files it read still being written (an editor's save truncates, then writes)? With
      // hints: those it was told of, and those the watcher reported since.
      const recheck = hint && !this.walk ? look(this.inputs, [...hint, ...this.hinted]) : changes(built, takeSnapshot(this.inputs));
      const restart = [...recheck].some(([path, stamp]) => stamp !== stampOf(path)) && restarts++ < MAX_RESTARTS;
      // The images were not rebuilt for a published build: the next one still has to.
      if (restart || !result.good) this.photosChanged ||= result.photosChanged;
      if (restart) {
        // Files changed while the build read them (an editor still writing): drop it, go again.
        this.again = true;
        if (hint) for (const path of hint) this.hinted.add(path);
        else this.walk = true;
        continue;
      }
      const { good, state, writer } = result;
      const outputs = good ? diffOutputs(this.output, writer) : new Set<string>();
      const recovered = good && this.failure !== undefined;
      if (good) {
        this.state = state;
        this.output = writer;
        this.unsettled.clear();
      } else for (const path of changed) this.unsettled.add(path);
      this.failure = good ? undefined : state.diagnostics;
      for (const [path, stamp] of looked) {
        if (stamp === undefined) built.delete(path);
        else built.set(path, stamp);
      }
      this.initial = false;
      this.options.onBuild?.({ ...result.outcome, ok: good, outputs, recovered, rendered: good ? (state.rendered ?? state.pages.size) : 0 });
    } while (this.again);
  }

  /** One build of the inputs as they are now; run() publishes it unless it read half-written files. */
  private async buildOnce(changedNow: string[], due: boolean, stampOf: (path: string) => string | undefined) {
    const started = performance.now();
    const config = { ...this.config, buildTime: this.now() };
    this.lastBuildAt = config.buildTime;
    const sinceGood = [...new Set([...this.unsettled, ...changedNow])].sort();
    const inTemplates = sinceGood.filter((p) => p.startsWith(config.templatesDir + sep));
    const css = inTemplates.filter((p) => p.endsWith('.css'));
    const code = inTemplates.length > css.length;
    const previous = this.state;
    const full = this.initial || !previous || sinceGood.some((p) => p.startsWith(config.assetsDir + sep));
    const photosChanged = this.photosChanged;
    this.photosChanged = false;

    // Pages whose key did not change are kept from the last good output (the CLI's rule, in memory).
    const writer = new MemoryWriter({ keyed: true, previous: full ? undefined : this.output });
    const { ok, state } = await build(config, {
      // links: the link check's warnings and errors, as build and check give them.
      mode: 'dev', writer, extraHead: this.options.extraHead, cache: this.caches, links: true,
      // Unchanged files are not read again (their stamps say which), unchanged posts not parsed again.
      texts: {
        get: (path) => {
          const known = this.texts.get(path);
          return known && known.stamp === stampOf(path) ? known.text : undefined;
        },
        set: (path, text) => {
          const stamp = stampOf(path);
          if (stamp === undefined) this.texts.delete(path);
          else this.texts.set(path, { stamp, text });
        },
      },
      // A post that came due changes listings: the changed files do not say everything that changed.
      incremental: previous && !full ? { previous, changed: due ? undefined : sinceGood, reuse: { server: !code, client: !code, styles: css.length === 0, images: !photosChanged } } : undefined,
    });
    const outcome = {
      changed: this.initial ? [] : changedNow.map((p) => relative(config.root, p)),
      cssOnly: !full && css.length > 0 && !code && sinceGood.every((p) => p.endsWith('.css')),
      ms: performance.now() - started,
      diagnostics: state.diagnostics,
      pages: state.pages.size,
    };
    return { good: ok && !hasErrors(state.diagnostics), state, writer, photosChanged, outcome };
  }
}

function diffOutputs(before: MemoryWriter | undefined, after: MemoryWriter): Set<string> {
  const bytes = (c: string | Uint8Array) => (typeof c === 'string' ? Buffer.from(c) : Buffer.from(c.buffer, c.byteOffset, c.byteLength));
  // Strings (pages) are compared as strings: no copy of every page per edit.
  const same = (a: string | Uint8Array, b: string | Uint8Array) => a === b || ((typeof a !== 'string' || typeof b !== 'string') && bytes(a).equals(bytes(b)));
  const changed = new Set<string>();
  for (const [path, contents] of after.files) {
    const old = before?.files.get(path);
    if (old === undefined || !same(old, contents)) changed.add(path);
  }
  for (const path of before?.files.keys() ?? []) if (!after.files.has(path)) changed.add(path);
  return changed;
}

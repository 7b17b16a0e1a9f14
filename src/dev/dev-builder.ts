// Incremental rebuilds for stitch dev. One build runs at a time; a change that arrives while
// it runs queues exactly one more. What a change affects decides what is redone:
// - content: load and link again (cheap), Markdown from a cache, then re-render only pages
//   whose props or head changed (a post edit → that post, the blog listing, the posts that
//   list it as related);
// - a template module: bundle the templates and islands again, re-render every page;
// - a stylesheet: bundle the CSS again; the browser swaps the stylesheet without a reload.
// - only the Markdown body of existing posts (front matter and reading time as before): nothing
//   else shows a post's body, so only those pages are rendered again, on the last good build,
//   without loading the content or making the route table anew (fast with thousands of posts).
// A failed build keeps the last good output; its diagnostics show until a build succeeds.
// The clock is an input too: each build reads it (unless SOURCE_DATE_EPOCH pins it), and a
// request after a scheduled post's day has begun rebuilds, so its "Scheduled" badge goes.
import { readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { build, pageKeys, type BuildOptions, type BuildState, type RenderedPage } from '../build.ts';
import { parsePostFile } from '../content/parse-post-file.ts';
import { businessDay, publicationStatus } from '../content/publication.ts';
import type { Post } from '../content/types.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { hasErrors, type Diagnostic } from '../errors/diagnostic.ts';
import { MemoryWriter } from '../output/writer.ts';
import type { Cache, Caches } from '../cache/cache.ts';
import { cachesFor } from '../cache/open-caches.ts';
import { markdownCacheKind, markdownKeys } from '../cache/markdown-cache.ts';
import { RelatedMemo } from '../routes/related-posts.ts';
import { documentJob } from '../pipeline/documents.ts';
import { DocumentRunner, POOL_THRESHOLD, WorkerFailure } from '../pipeline/executor.ts';
import type { DocumentInput } from '../render/render-documents.ts';
import { feedFiles } from '../pipeline/feeds.ts';
import { settleImage } from '../pipeline/routes.ts';
import type { PageRoute } from '../routes/types.ts';
import { apply, changedPaths, look, takeSnapshot, type Snapshot, type SnapshotRoot } from './snapshot.ts';

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

export interface DevBuilderOptions {
  /** Tags for every page head: the live-reload client. */
  extraHead: string;
  /** Called after every build that was published. */
  onBuild?: (outcome: BuildOutcome) => void;
  /** The clock (tests); default: SOURCE_DATE_EPOCH when set, else the time of day. */
  now?: () => number;
}

/** Bounded retries when files keep changing while a build reads them. */
const MAX_RESTARTS = 3;

export class DevBuilder {
  /** The last successful build and its output. */
  state?: BuildState;
  output?: MemoryWriter;
  /** Diagnostics of the current failure; undefined while the last build succeeded. */
  failure?: Diagnostic[];

  /** Inputs of the last build, failed or not: a request compares against it. */
  private built: Snapshot = new Map();
  /** Inputs of the last successful build: what changed since decides what to redo. */
  private good: Snapshot = new Map();
  /** Markdown HTML and parsed posts, in memory between builds (the first build reads .stitch/cache). */
  private readonly caches: Caches;
  private readonly relatedMemo = new RelatedMemo();
  /** Content file texts with the snapshot stamp they were read at. */
  private readonly texts = new Map<string, { stamp: string; text: string }>();
  private loop?: Promise<void>;
  private again = false;
  /** idle() was called: the server is closing, no more warm-up. */
  private stopped = false;
  /** The warm-up after the first build (see warm()). */
  private warming?: Promise<void>;
  /** Each build's posts and post pages by slug (see indexOf). */
  private readonly index = new WeakMap<BuildState, PostIndex>();
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

  constructor(private readonly config: ResolvedConfig, private readonly options: DevBuilderOptions) {
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
    if (this.initial || this.publicationDue() || changedPaths(this.built, takeSnapshot(this.inputs)).length > 0) await this.schedule();
  }

  /** The build time of a build starting now. */
  private now(): number {
    return this.options.now?.() ?? (this.config.buildTimePinned ? this.config.buildTime : Date.now());
  }

  /** A post shown as scheduled whose day has begun since the last build started. */
  private publicationDue(): boolean {
    const now = this.now();
    // Only a new business day makes a post due (dates compare by day): two clock formats, not
    // two per scheduled post (~1.7 ms per edit with a few dozen of them).
    if (businessDay(now) === businessDay(this.lastBuildAt)) return false;
    return Boolean(this.state?.graph?.posts.some((p) => p.status === 'scheduled' && publicationStatus(p, this.lastBuildAt) === 'scheduled' && publicationStatus(p, now) !== 'scheduled'));
  }

  /** A file in site-assets/ was replaced (the snapshot sees only names): the next build redoes the images. */
  assetChanged(): void {
    this.photosChanged = true;
  }

  /**
   * The fast path: when everything changed since the last good build is the Markdown body of
   * posts that build had (same front matter, same reading time), renders those posts' pages on
   * that build and keeps the rest of its output. Undefined when the change is anything else.
   */
  private async rebuildPostBodies(changedNow: string[], sinceGood: string[], started: number, buildTime: number): Promise<{ publish: () => BuildOutcome; read: string[] } | undefined> {
    const previous = this.state;
    const { config } = this;
    if (!previous?.graph || !previous.layout || !this.output || this.failure || this.photosChanged || sinceGood.length === 0) return undefined;
    if (!sinceGood.every((p) => p.startsWith(`${config.contentDir}${sep}blog${sep}`) && p.endsWith('.md'))) return undefined;
    const edits: { old: Post; post: Post }[] = [];
    for (const path of sinceGood) {
      const old = this.indexOf(previous).posts.get(basename(path, '.md'));
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
      const parsed = old && parsePostFile(config.root, config.contentDir, path, text);
      const post = parsed && { ...parsed, status: publicationStatus(parsed, buildTime) };
      if (!old || !post || post.origin.file !== old.origin.file || listingFields(post) !== listingFields(old)) return undefined;
      edits.push({ old, post });
    }
    const markdownCache = await this.caches.open(markdownCacheKind());
    const { outputs } = this.indexOf(previous);
    if (!edits.every(({ post }) => outputs.has(post.slug))) return undefined;
    const done = await renderPostPages(previous, this.buildOptions(this.output), edits.map(({ post }) => ({ post, output: outputs.get(post.slug)! })), markdownCache);
    if (!done) return undefined;
    const olds = new Map(edits.map(({ old, post }) => [post.slug, old]));
    const changes: PostEdit[] = done.map((d) => ({ ...d, oldPost: olds.get(d.post.slug)! }));
    const feedBodies = previous.feedBodies;
    const inFeeds = done.some(({ post }) => feedBodies?.has(post.slug));
    // A post the blog feeds carry: the feeds get its new body too (on a copy of the build's lists
    // with the edit in: the build itself is changed only when this one is published).
    const feeds = inFeeds ? await feedFiles(withEdits(previous, changes)) : [];
    // Only the post's own page changed, so every other part of a page's key is the last build's.
    const keyOf = pageKeys(previous, this.options.extraHead);
    const ms = performance.now() - started;
    return {
      read: sinceGood,
      // The last build and output are changed in place: copying their maps and lists of ~4,000
      // entries (posts, pages, the index) cost ~5 ms of CPU per edit at 4,000 posts, and a
      // dropped build never gets here.
      publish: () => {
        const output = this.output!;
        const outputs = new Set<string>();
        const index = this.indexOf(previous);
        applyEdits(previous, changes);
        for (const { route, page, html, post } of done) {
          if (!sameContents(output.files.get(route.output) ?? '', html)) outputs.add(route.output);
          output.files.set(route.output, html);
          output.pages.set(route.output, { key: keyOf(route), meta: page.facts });
          index.posts.set(post.slug, post);
        }
        for (const f of feeds) output.files.set(f.path, f.contents);
        previous.timings = { render: ms };
        return {
          ok: true, changed: changedNow.map((p) => relative(config.root, p)), cssOnly: false, ms,
          diagnostics: previous.diagnostics, pages: previous.pages.size, outputs, rendered: done.length, recovered: false,
        };
      },
    };
  }

  /** What every dev build is given; the body-edit path renders with the same (documentJob). */
  private buildOptions(writer: MemoryWriter): BuildOptions {
    // links: the link check's warnings and errors, as build and check give them.
    return { writer, minify: false, copyAssets: false, extraHead: this.options.extraHead, mode: 'dev', cache: this.caches, relatedMemo: this.relatedMemo, links: true };
  }

  /** A build's posts and their pages' output paths, by slug (kept per build: the body-edit path asks on every edit). */
  private indexOf(state: BuildState): PostIndex {
    let index = this.index.get(state);
    if (!index) {
      const outputs = new Map<string, string>();
      for (const route of state.routes) if (route.type === 'page' && route.kind === 'blog-post') outputs.set((route.props.post as { slug: string }).slug, route.output);
      this.index.set(state, (index = { posts: new Map(state.graph!.posts.map((p) => [p.slug, p])), outputs }));
    }
    return index;
  }

  /**
   * After a first build rendered on the workers: this thread renders a few posts' pages once
   * (and throws them away), so V8 has compiled the Markdown, React and front-matter code a body
   * edit runs here before the first edit (cold, an edit's render took several times as long).
   * Waits while a build runs.
   */
  private async warm(): Promise<void> {
    const count = this.state?.graph?.posts.length ?? 0;
    if (count < POOL_THRESHOLD) return; // the first build rendered here: warm already
    const step = Math.max(1, Math.floor(count / WARM_DOCUMENTS));
    for (let i = 0; i < WARM_DOCUMENTS; i++) {
      // One document at a time, never during a build (an edit goes first).
      while (this.loop) await this.loop.catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      if (this.stopped) return;
      if (this.loop) continue; // a build began meanwhile: this document is skipped
      const state = this.state;
      const post = state?.graph?.posts[i * step];
      if (!state || !post || this.failure) return;
      const path = join(this.config.root, post.origin.file);
      try {
        parsePostFile(this.config.root, this.config.contentDir, path, readFileSync(path, 'utf8'));
      } catch {
        // gone since: nothing to warm with
      }
      const output = this.indexOf(state).outputs.get(post.slug);
      if (output) await renderPostPages(state, this.buildOptions(this.output!), [{ post, output }]);
    }
  }

  /** Resolves when no build is running (and stops the warm-up: the server is closing). */
  async idle(): Promise<void> {
    this.stopped = true;
    while (this.loop) await this.loop.catch(() => undefined);
    await this.warming;
  }

  private async run(): Promise<void> {
    let restarts = 0;
    do {
      this.again = false;
      const hint = this.walk || this.initial ? undefined : this.hinted;
      this.walk = false;
      this.hinted = new Set();
      // With hints, only the files named are looked at (their stamps now), and the whole snapshot
      // is made (a copy of ~4,100 entries, ~1.5 ms) only when a build needs it: a body edit never does.
      const looked = hint ? look(this.inputs, hint) : undefined;
      let whole = looked ? undefined : takeSnapshot(this.inputs);
      const built = this.built;
      const before = () => (whole ??= apply(new Map(built), looked!));
      const stampNow = (path: string) => (whole ? whole.get(path) : looked!.has(path) ? looked!.get(path) : built.get(path));
      const changed = looked ? [...looked.keys()].filter((path) => built.get(path) !== looked.get(path)).sort() : changedPaths(built, whole!);
      if (changed.length === 0 && !this.initial && !this.publicationDue()) continue;
      const sinceGood = looked && this.good === built ? changed : changedPaths(this.good, before());
      const candidate = await this.buildOnce(changed, sinceGood, before);
      // Were the files it read still being written? The fast path read only the edited posts;
      // with hints, the watcher reported every file written since (their check is the next build's).
      const recheck = candidate.read ?? (hint && !this.walk ? [...this.hinted] : undefined);
      const moved = recheck ? [...look(this.inputs, recheck)].some(([path, stamp]) => stamp !== stampNow(path)) : changedPaths(before(), takeSnapshot(this.inputs)).length > 0;
      if (moved && restarts++ < MAX_RESTARTS) {
        // Files changed while the build read them (an editor still writing): drop it, go again
        // (looking again at what this build was told of, too).
        this.again = true;
        if (hint) for (const path of hint) this.hinted.add(path);
        else this.walk = true;
        continue;
      }
      const outcome = candidate.publish();
      if (!whole && outcome.ok) apply(built, looked!); // built is good too (else `before()` was made): updated in place
      else {
        if (outcome.ok) this.good = before();
        this.built = before();
      }
      if (this.initial && outcome.ok) this.warming = this.warm().catch(() => undefined);
      this.initial = false;
      this.options.onBuild?.(outcome);
    } while (this.again);
  }

  /** Builds; `publish()` makes the result current (not called when it was built from half-written files). */
  private async buildOnce(changedNow: string[], sinceGood: string[], snapshotOf: () => Snapshot): Promise<{ publish: () => BuildOutcome; read?: string[] }> {
    const started = performance.now();
    const due = this.publicationDue();
    const config = { ...this.config, buildTime: this.now() };
    this.lastBuildAt = config.buildTime;
    // A post that came due changes the listing too: not a body-only edit.
    const quick = due ? undefined : await this.rebuildPostBodies(changedNow, sinceGood, started, config.buildTime);
    if (quick) return quick;
    const changed = this.built.size === 0 ? [] : changedNow.map((p) => relative(config.root, p));
    const inTemplates = sinceGood.filter((p) => p.startsWith(config.templatesDir + sep));
    const css = inTemplates.filter((p) => p.endsWith('.css'));
    const code = inTemplates.length - css.length > 0;
    const assetsAddedOrRemoved = sinceGood.some((p) => p.startsWith(config.assetsDir + sep));
    const previous = this.state;
    const full = this.initial || !previous || assetsAddedOrRemoved;
    const photosChanged = this.photosChanged;
    this.photosChanged = false;
    const cssOnly = !full && css.length > 0 && !code && sinceGood.every((p) => p.endsWith('.css'));

    // Pages whose key did not change are kept from the last good output (the CLI's rule, in memory).
    const writer = new MemoryWriter({ keyed: true, previous: full ? undefined : this.output });
    const snapshot = snapshotOf();
    const { ok, state } = await build(config, {
      ...this.buildOptions(writer),
      // Unchanged files are not read again (the snapshot says which), unchanged posts not parsed again.
      texts: {
        get: (path) => {
          const known = this.texts.get(path);
          return known && known.stamp === snapshot.get(path) ? known.text : undefined;
        },
        set: (path, text) => {
          const stamp = snapshot.get(path);
          if (stamp === undefined) this.texts.delete(path);
          else this.texts.set(path, { stamp, text });
        },
      },
      // No photo was added, removed or replaced since: its variants and manifest stand.
      incremental: previous && !full ? { previous, reuse: { server: !code, client: !code, styles: css.length === 0, images: !photosChanged } } : undefined,
    });
    const rendered = state.rendered ?? state.pages.size;
    const ms = performance.now() - started;
    const base = { changed, cssOnly, ms, diagnostics: state.diagnostics, pages: state.pages.size };
    if (!ok || hasErrors(state.diagnostics)) {
      // The images were not rebuilt for a published build: the next one still has to.
      this.photosChanged ||= photosChanged;
      return {
        publish: () => {
          this.failure = state.diagnostics;
          return { ...base, ok: false, outputs: new Set(), rendered: 0, recovered: false };
        },
      };
    }
    return {
      publish: () => {
        const outputs = diffOutputs(this.output, writer);
        const recovered = this.failure !== undefined;
        this.state = state;
        this.output = writer;
        this.failure = undefined;
        return { ...base, ok: true, outputs, rendered, recovered };
      },
    };
  }
}

interface PostIndex {
  posts: Map<string, Post>;
  /** Each post page's output path. */
  outputs: Map<string, string>;
}

/**
 * Pages a post page's warm-up renders (see DevBuilder.warm). At 4,000 posts (in-process, loaded
 * machine) the first edit cost 1,270 ms CPU without a warm-up, 93 ms after 6 pages (1.6 s CPU
 * once, in the background) and 159 ms after 24 (2.2 s): six do what 24 did.
 */
const WARM_DOCUMENTS = 6;

/**
 * The pages of these posts (same front matter as in `state`, new bodies), rendered on `state` by
 * the build's document pass, with its job (documentJob: the same Markdown options, so the same
 * HTML and the same cache key) on this thread. Undefined when one cannot be rendered that way.
 */
async function renderPostPages(state: BuildState, options: BuildOptions, posts: { post: Post; output: string }[], markdownCache?: Cache<string>) {
  const job = documentJob(state, options);
  const keyOfBody = markdownKeys(job.markdown);
  const inputs: (DocumentInput & { old: PageRoute; post: Post; key: string })[] = [];
  for (const { post, output } of posts) {
    const old = state.pages.get(output)?.route;
    if (!old?.markdown) return undefined;
    const key = keyOfBody(post.body);
    inputs.push({ old, post, key, route: { ...old, markdown: { ...old.markdown, body: post.body } }, markdownHtml: markdownCache?.get(key) });
  }
  const out: { old: PageRoute; route: PageRoute; post: Post; page: RenderedPage; html: string; markdownHtml: string }[] = [];
  await new DocumentRunner(state.config, false).documents({ ...job, returnMarkdown: true }, inputs, (input, facts) => {
    if (facts instanceof WorkerFailure || facts.error || facts.markdownError !== undefined || facts.html === undefined) return;
    const { old, post, key, route } = input as (typeof inputs)[number];
    const markdownHtml = facts.markdownHtml ?? input.markdownHtml!;
    if (facts.markdownHtml !== undefined) markdownCache?.set(key, facts.markdownHtml);
    out.push({ old, route, post, page: settleImage({ route, facts: facts.facts }, state.images?.bytes ?? new Map()), html: facts.html, markdownHtml });
  });
  return out.length === inputs.length ? out : undefined;
}

interface PostEdit {
  oldPost: Post;
  /** The post page's route in the last build. */
  old: PageRoute;
  post: Post;
  route: PageRoute;
  page: RenderedPage;
  markdownHtml: string;
}

/**
 * `state` with these posts' new bodies and pages in. Its maps are changed in place (a copy of
 * ~4,000 entries is ~1.5 ms); its lists of posts and routes are new (a copy is ~0.15 ms, and
 * memos key on a list: related-posts.ts).
 */
function applyEdits(state: BuildState, done: PostEdit[]): void {
  // indexOf on copies, not a Map lookup per entry of ~4,000 (docs/performance.md, fourth pass).
  const posts = state.graph!.posts.slice();
  const routes = state.routes.slice();
  for (const { oldPost, old, post, route } of done) {
    const p = posts.indexOf(oldPost);
    if (p >= 0) posts[p] = post;
    const r = routes.indexOf(old);
    if (r >= 0) routes[r] = route;
  }
  state.graph = { ...state.graph!, posts };
  state.routes = routes;
  for (const { post, route, page, markdownHtml } of done) {
    state.pages.set(route.output, page);
    if (state.feedBodies?.has(post.slug)) state.feedBodies.set(post.slug, markdownHtml);
  }
}

/** A copy of `state` with the edits in (its lists copied; `state` is left as it is). */
function withEdits(state: BuildState, done: PostEdit[]): BuildState {
  const copy: BuildState = {
    ...state,
    pages: new Map(state.pages),
    feedBodies: state.feedBodies && new Map(state.feedBodies),
  };
  applyEdits(copy, done);
  return copy;
}

/** A post's fields besides its body: what every page but its own shows of it. */
function listingFields(post: Post): string {
  const { body: _body, origin: _origin, ...rest } = post;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

function diffOutputs(before: MemoryWriter | undefined, after: MemoryWriter): Set<string> {
  const changed = new Set<string>();
  for (const [path, contents] of after.files) {
    const old = before?.files.get(path);
    if (old === undefined || !sameContents(old, contents)) changed.add(path);
  }
  for (const path of before?.files.keys() ?? []) if (!after.files.has(path)) changed.add(path);
  return changed;
}

function sameContents(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return typeof a === typeof b ? a === b : Buffer.from(a).equals(Buffer.from(b));
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

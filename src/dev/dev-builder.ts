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
import { basename, relative, sep } from 'node:path';
import { build, pageKeys, renderContext, type BuildState } from '../build.ts';
import { parsePostFile } from '../content/load-content.ts';
import { publicationStatus } from '../content/publication.ts';
import type { Post } from '../content/types.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { hasErrors, type Diagnostic } from '../errors/diagnostic.ts';
import { MemoryWriter } from '../output/writer.ts';
import { cachesFor, type Caches } from '../cache/cache.ts';
import { markdownCacheKind, markdownKeys } from '../cache/markdown-cache.ts';
import { RelatedMemo } from '../routes/related-posts.ts';
import { pageOf } from '../pipeline/documents.ts';
import { feedFiles } from '../pipeline/feeds.ts';
import { settleImage } from '../pipeline/routes.ts';
import { pageMeta } from '../pipeline/state.ts';
import type { PageRoute } from '../routes/types.ts';
import { changedPaths, restat, takeSnapshot, type Snapshot, type SnapshotRoot } from './snapshot.ts';

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

  /** Rebuilds if any input changed since the last build; resolves when the output is current. */
  schedule(): Promise<void> {
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
    const bySlug = new Map(previous.graph.posts.map((p) => [p.slug, p]));
    const edits: { old: Post; post: Post }[] = [];
    for (const path of sinceGood) {
      const old = bySlug.get(basename(path, '.md'));
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
    const routes = new Map<string, PageRoute>();
    for (const route of previous.routes) {
      if (route.type === 'page' && route.kind === 'blog-post') routes.set((route.props.post as { slug: string }).slug, route);
    }
    // The Markdown options and shared inputs the build used: the same HTML, the same memory key.
    const markdownOptions = { siteUrl: previous.layout.siteUrl };
    const job = { serverFile: previous.server!.file, context: renderContext(previous, this.options.extraHead), markdown: markdownOptions, returnMarkdown: true, phoneImages: true };
    const [{ renderMarkdown }, { renderDocuments }] = await Promise.all([import('../markdown/render-markdown.ts'), import('../render/render-documents.ts')]);
    const markdownCache = await this.caches.open(markdownCacheKind());
    const keyOfBody = markdownKeys(markdownOptions);
    const pages = new Map(previous.pages);
    const replaced = new Map<PageRoute, PageRoute>();
    const posts = new Map<Post, Post>();
    const rendered: { route: PageRoute; html: string }[] = [];
    const feedBodies = new Map(previous.feedBodies);
    for (const { old, post } of edits) {
      const route = routes.get(post.slug);
      if (!route) return undefined;
      const next: PageRoute = { ...route, markdown: { body: post.body, into: 'post' } };
      const key = keyOfBody(post.body);
      const [facts] = renderDocuments(previous.server!, job, [{ route: next, markdownHtml: markdownCache.get(key) }], renderMarkdown);
      if (facts.error || facts.markdownError !== undefined || facts.html === undefined) return undefined;
      if (facts.markdownHtml !== undefined) markdownCache.set(key, facts.markdownHtml);
      if (feedBodies.has(post.slug)) feedBodies.set(post.slug, facts.markdownHtml ?? markdownCache.get(key)!);
      replaced.set(route, next);
      posts.set(old, post);
      pages.set(next.output, settleImage(pageOf(next, facts), previous.images?.bytes ?? new Map()));
      rendered.push({ route: next, html: facts.html });
    }
    const state: BuildState = {
      ...previous,
      graph: { ...previous.graph, posts: previous.graph.posts.map((p) => posts.get(p) ?? p) },
      routes: previous.routes.map((r) => (r.type === 'page' ? replaced.get(r) ?? r : r)),
      pages,
      feedBodies,
      timings: { render: performance.now() - started },
    };
    const writer = this.output.clone();
    const keyOf = pageKeys(state, this.options.extraHead);
    for (const page of rendered) {
      await writer.writePage(page.route.output, page.html, keyOf(page.route));
      writer.describe(page.route.output, pageMeta(pages.get(page.route.output)!));
    }
    // A post the blog feeds carry: the feeds get its new body too.
    if (edits.some(({ post }) => feedBodies.has(post.slug))) for (const f of await feedFiles(state, this.caches)) await writer.write(f.path, f.contents);
    const ms = performance.now() - started;
    return {
      read: sinceGood,
      publish: () => {
        const outputs = new Set(rendered.filter((p) => !sameContents(this.output!.files.get(p.route.output) ?? '', p.html)).map((p) => p.route.output));
        this.state = state;
        this.output = writer;
        return {
          ok: true, changed: changedNow.map((p) => relative(config.root, p)), cssOnly: false, ms,
          diagnostics: state.diagnostics, pages: state.pages.size, outputs, rendered: rendered.length, recovered: false,
        };
      },
    };
  }

  /** Resolves when no build is running. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop.catch(() => undefined);
  }

  private async run(): Promise<void> {
    let restarts = 0;
    do {
      this.again = false;
      const before = takeSnapshot(this.inputs);
      const changed = changedPaths(this.built, before);
      if (changed.length === 0 && !this.initial && !this.publicationDue()) continue;
      const candidate = await this.buildOnce(changed, changedPaths(this.good, before), before);
      // Were the files it read still being written? The fast path read only the edited posts.
      const after = candidate.read ? restat(before, candidate.read) : takeSnapshot(this.inputs);
      if (changedPaths(before, after).length > 0 && restarts++ < MAX_RESTARTS) {
        // Files changed while the build read them (an editor still writing): drop it, go again.
        this.again = true;
        continue;
      }
      const outcome = candidate.publish();
      if (outcome.ok) this.good = before;
      this.built = before;
      this.initial = false;
      this.options.onBuild?.(outcome);
    } while (this.again);
  }

  /** Builds; `publish()` makes the result current (not called when it was built from half-written files). */
  private async buildOnce(changedNow: string[], sinceGood: string[], snapshot: Snapshot): Promise<{ publish: () => BuildOutcome; read?: string[] }> {
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
    const { ok, state } = await build(config, {
      writer,
      minify: false,
      copyAssets: false,
      extraHead: this.options.extraHead,
      cache: this.caches,
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
      relatedMemo: this.relatedMemo,
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

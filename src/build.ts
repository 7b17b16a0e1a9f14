// The orchestrator: one build() runs the stages in order and times each.
// load content → link → markdown → route table → bundle → render → write.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { markdownEngineVersion, pageEngineVersion } from './cache/engine-version.ts';
import { MarkdownCache, markdownKey } from './cache/markdown-cache.ts';
import { PostCache, type MemoryPostMemo } from './cache/post-cache.ts';
import type { ResolvedConfig } from './config/resolve-config.ts';
import { checkConfig } from './config/site-url.ts';
import { linkContent } from './content/link-content.ts';
import { loadContent, type TextMemo } from './content/load-content.ts';
import type { ContentGraph } from './content/types.ts';
import { errors } from './errors/catalogue.ts';
import { hasErrors, StitchError, wrapError, type Diagnostic } from './errors/diagnostic.ts';
import { bundleIslands, listIslands, type ClientBundle } from './islands/bundle-islands.ts';
import { MARKDOWN_FAILED, markdownOptionsKey, type MarkdownOptions } from './markdown/options-key.ts';
import { guessSiteUrl, MarkdownPrefetch } from './markdown/prefetch.ts';
import { bundleStyles, type StyleBundle } from './render/bundle-styles.ts';
import { bundleTemplates, type ServerBundle } from './render/bundle-templates.ts';
import { redirectScript, renderRedirectStub } from './render/document.ts';
import { renderPageDocument, type RenderContext } from './render/render-worker-page.ts';
import { Executor, POOL_THRESHOLD, WorkerFailure } from './executor/executor.ts';
import { absoluteUrl } from './routes/head.ts';
import { layoutData, type LayoutData } from './routes/layout-data.ts';
import { buildRouteTable } from './routes/route-table.ts';
import type { PageRoute, PrefixRedirect, RedirectRoute, Route } from './routes/types.ts';
import { headersFile, redirectsFile, robotsTxt, sitemapXml } from './output/site-files.ts';
import { contentSecurityPolicy } from './output/content-security-policy.ts';
import { writeAll, type Writer } from './output/writer.ts';
import { WriteQueue } from './output/write-queue.ts';
import { isReusingWriter } from './output/incremental-writer.ts';
import { writeErrorDiagnostic } from './output/write-errors.ts';
import { enrichDiagnostics } from './content/locate-diagnostics.ts';
import { PageWeights } from './budgets/page-weight.ts';
import { buildImages, contentPhotos, referencedPhotos, type ImagesResult } from './images/build-images.ts';
import { checkBudgets, gzipSizes, resolveBudgets, weighPages, type PageImage, type PageWeight } from './budgets/budgets.ts';
import { largestImage } from './budgets/page-image.ts';
import { checkBuiltLinks } from './check/built-links.ts';
import { linkFacts, type LinkFacts } from './check/link-facts.ts';

/** The state that flows through the stages. */
export interface BuildState {
  /** Resolved flags, environment and paths. */
  config: ResolvedConfig;
  /** The validated, linked content. */
  graph?: ContentGraph;
  /** Data every page's layout receives. */
  layout?: LayoutData;
  /** Every page and redirect stub, sorted by path. */
  routes: Route[];
  /** Prefix redirect rules. */
  prefixRedirects: PrefixRedirect[];
  /** Server module with the templates. */
  server?: ServerBundle;
  /** Client island bundles. */
  client?: ClientBundle;
  /** Site stylesheet. */
  styles?: StyleBundle;
  /** Rendered pages per output path (HTML dropped after writing when `keepHtml` is false). */
  pages: Map<string, RenderedPage>;
  /** Everything reported so far. */
  diagnostics: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** What every page weighs (HTML, CSS, JS, image; gzip), when there is a writer or budgets are checked. */
  weights?: PageWeight[];
  /** Responsive variants of the content photos: manifest, files, sizes. */
  images?: ImagesResult;
  /** Data files of the route table (a large blog's listing index). */
  files?: { path: string; contents: string }[];
}

export interface RenderedPage {
  route: PageRoute;
  html: string;
  /** Island entry names used by the page. */
  islands: string[];
  /** Public URLs of its scripts (entries and their chunks). */
  scripts: string[];
  /** Gzip size of the HTML, when the render stage measured it (see budgets/page-weight.ts). */
  gzip?: number;
  /** UTF-8 size of the HTML. */
  bytes?: number;
  /** The largest image the page loads on a 390 px phone (budgets/page-image.ts). */
  image?: PageImage;
  /** Its ids, links and referenced files, for the link check (when the build checks links). */
  links?: LinkFacts;
}

export interface BuildOptions {
  /** Where output goes; nothing is written when omitted (check). */
  writer?: Writer;
  /** Minify client code (off in dev for readable stacks). */
  minify?: boolean;
  /** Extra tags for every page head (dev live reload). */
  extraHead?: string;
  /** Copy site-assets/ into the output (the dev server serves them from disk instead). */
  copyAssets?: boolean;
  /**
   * Go on past content, link, route-table and render errors (a file that fails to load is left
   * out) and write what could be built, so `check` reports every problem of a run at once.
   * With errors the writer is left as it is (neither committed nor aborted): use a
   * MemoryWriter. `ok` is still false.
   */
  keepGoing?: boolean;
  /** Rendered Markdown by source text, kept between builds (dev); entries not used are dropped. */
  markdownCache?: Map<string, string>;
  /** Texts of content files known unchanged since an earlier build (dev). */
  texts?: TextMemo;
  /** Parsed posts kept between builds (dev), instead of the persistent post cache. */
  postMemo?: MemoryPostMemo;
  /** Dev rebuilds: reuse bundles and pages of an earlier build instead of redoing them. */
  incremental?: IncrementalOptions;
  /** Keep every page's HTML in state.pages after writing it (default true; the CLI build streams). */
  keepHtml?: boolean;
  /** Use the persistent Markdown cache in .stitch/cache (default true). */
  cache?: boolean;
  /** Render on worker threads when there is enough work (default true). */
  workers?: boolean;
  /** Check links, #fragments and referenced files of the rendered pages; a broken one is an error (default false). */
  links?: boolean;
  /** Check the page-weight budgets of site.yaml; a page over budget is an error (default false). */
  budgets?: boolean;
  /**
   * Encode the photo variants that are not in the image cache yet (slow the first time; the
   * CLI build does). Otherwise only cached photos get variants and the rest keep their original.
   */
  encodeImages?: boolean;
}

export interface IncrementalOptions {
  /** The earlier successful build. */
  previous: BuildState;
  /** Bundles taken from `previous` instead of bundling again (their sources did not change). */
  reuse: { server?: boolean; client?: boolean; styles?: boolean; images?: boolean };
  /** Whether a page must be rendered again; otherwise its HTML is taken from `previous`. */
  shouldRender: (route: PageRoute, state: BuildState) => boolean;
}

export interface BuildResult {
  ok: boolean;
  state: BuildState;
}

async function timed<T>(state: BuildState, stage: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    state.timings[stage] = (state.timings[stage] ?? 0) + performance.now() - start;
  }
}

export async function build(config: ResolvedConfig, options: BuildOptions = {}): Promise<BuildResult> {
  const state: BuildState = { config, routes: [], prefixRedirects: [], pages: new Map(), diagnostics: [], timings: {} };
  const workers = new Workers(config, options);
  // A blog large enough for the render workers: its Markdown goes to them while this thread
  // loads the content (the first batch that misses the cache starts them), instead of after it.
  // (Not for dev rebuilds: they render little, from memory.)
  const large = !options.incremental && !options.markdownCache && workers.worth(countPostFiles(config.contentDir));
  try {
    return await runStages(state, options, workers, large);
  } finally {
    await workers.close();
  }
}

async function runStages(state: BuildState, options: BuildOptions, workers: Workers, large: boolean): Promise<BuildResult> {
  const { config } = state;
  const fail = async () => {
    state.diagnostics = enrichDiagnostics(state.diagnostics, config.root);
    await options.writer?.abort();
    return { ok: false, state };
  };
  try {
    state.diagnostics.push(...checkConfig(config));
    if (hasErrors(state.diagnostics)) return await fail();
    const persistent = options.cache === false ? undefined : await PostCache.open(`${config.cacheDir}/cache`, cacheScope(config));
    const posts = options.postMemo ? options.postMemo.over(persistent) : persistent;
    // A large build opens the Markdown cache now, for the prefetch; others when (if) they need it.
    const markdownCache = large && options.cache !== false ? MarkdownCache.open(`${config.cacheDir}/cache`, cacheScope(config)) : undefined;
    const prefetch = large ? startPrefetch(state, await markdownCache, workers) : undefined;
    const loaded = await timed(state, 'content', () => loadContent(config.root, config.contentDir, config.assetsDir, { posts, texts: options.texts, onPostBody: prefetch && ((body) => prefetch.add(body)) }));
    prefetch?.finish();
    await persistent?.save().catch(() => undefined);
    state.diagnostics.push(...loaded.diagnostics);
    if (!loaded.graph || (hasErrors(state.diagnostics) && !options.keepGoing)) return await fail();
    const graph = (state.graph = loaded.graph);
    state.diagnostics.push(...await timed(state, 'link', () => linkContent(graph)));
    if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();

    const siteUrl = config.siteUrlOverride ?? graph.site.url.replace(/\/+$/, '');
    const markdownKeys = await timed(state, 'markdown', () => renderAllMarkdown(state, { siteUrl }, options, workers, markdownCache, prefetch));
    const previousImages = options.incremental?.reuse.images ? options.incremental.previous.images : undefined;
    state.images = previousImages ?? await timed(state, 'images', () => buildImages(config.assetsDir, config.cacheDir, referencedPhotos(graph), { encode: options.encodeImages ?? false, allPhotos: contentPhotos(graph.assets) }));

    state.layout = layoutData(graph, {
      siteUrl,
      buildTime: config.buildTime,
      quoteEndpoint: config.quoteWebhookUrl ?? (config.mode === 'development' ? '/__stitch/quote' : ''),
      quoteKey: config.quoteWebhookKey ?? '',
      deployHook: config.deployHookUrl ?? '',
      images: state.images.manifest,
    });
    const table = await timed(state, 'routes', () => buildRouteTable(graph, state.layout!));
    state.routes = table.routes;
    state.files = table.files;
    state.prefixRedirects = table.prefixRedirects;
    state.diagnostics.push(...table.diagnostics);
    if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();

    const reuse = options.incremental?.reuse ?? {};
    const previous = options.incremental?.previous;
    const islandNames = reuse.client && previous?.client ? [] : await listIslands(config.templatesDir);
    [state.server, state.client, state.styles] = await timed(state, 'bundle', () => Promise.all([
      reuse.server && previous?.server ? previous.server : bundleTemplates(config.root, config.templatesDir, config.cacheDir),
      reuse.client && previous?.client ? previous.client : bundleIslands(config.root, config.templatesDir, islandNames, { minify: options.minify ?? true }),
      reuse.styles && previous?.styles ? previous.styles : bundleStyles(config.root, config.templatesDir, options.minify ?? true),
    ]));

    await timed(state, 'render', () => renderAll(state, options, workers, markdownKeys));
    if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();
    if (options.links) state.diagnostics.push(...await timed(state, 'links', () => checkBuiltLinks(state)));
    if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();

    if (options.writer || options.budgets) {
      const styles = state.styles?.href ? [state.styles.href] : [];
      state.weights = weighPages(state.pages.values(), gzipSizes([...(state.client?.files ?? []), ...(state.styles?.files ?? [])]), styles);
      const responsive = new Set(Object.keys(state.images?.manifest ?? {}));
      if (options.budgets) state.diagnostics.push(...checkBudgets(state.weights, resolveBudgets(graph.site), responsive));
      if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();
    }

    const ok = !hasErrors(state.diagnostics);
    if (options.writer) {
      await timed(state, 'write', () => writeOutput(state, options.writer!, options.copyAssets ?? true));
      if (ok) await options.writer.commit();
    }
    state.diagnostics = enrichDiagnostics(state.diagnostics, config.root);
    return { ok, state };
  } catch (error) {
    if (error instanceof StitchError) state.diagnostics.push(...error.diagnostics);
    else state.diagnostics.push(writeErrorDiagnostic(error, config) ?? { ...wrapError(error, 'building the site'), ...(config.debug && error instanceof Error ? { frame: error.stack } : {}) });
    return await fail();
  }
}

/** Markdown files directly in content/blog/ (a cheap estimate of the number of posts). */
function countPostFiles(contentDir: string): number {
  try {
    return readdirSync(`${contentDir}/blog`).filter((name) => name.endsWith('.md')).length;
  } catch {
    return 0;
  }
}

/** Caches are kept per content folder (relative to the project, so a checkout elsewhere still hits). */
function cacheScope(config: ResolvedConfig): string {
  return relative(config.root, config.contentDir) || '.';
}

/** Starts the worker pool on first use; one pool serves every stage of a build. */
class Workers {
  private pool?: Promise<Executor>;
  constructor(private readonly config: ResolvedConfig, private readonly options: BuildOptions) {}
  /** Whether `count` documents are worth sending to workers. */
  worth(count: number): boolean {
    return this.options.workers !== false && count >= POOL_THRESHOLD;
  }
  get(): Promise<Executor> {
    this.pool ??= Executor.start(this.config.cacheDir, { production: this.config.mode === 'production' });
    return this.pool;
  }
  async close(): Promise<void> {
    const pool = await this.pool?.catch(() => undefined);
    await pool?.close();
  }
}

/**
 * Markdown → HTML for every post and page: from the dev builder's memory, else from the
 * persistent cache (.stitch/cache/markdown), else rendered — on workers when there are many.
 */
async function renderAllMarkdown(state: BuildState, markdownOptions: MarkdownOptions, options: BuildOptions, workers: Workers, opened: Promise<MarkdownCache> | undefined, prefetch: MarkdownPrefetch | undefined): Promise<Map<string, string>> {
  const graph = state.graph!;
  const memory = options.markdownCache;
  /** Per post slug: the cache key of its Markdown (its HTML is a function of it). */
  const keys = new Map<string, string>();
  const docs: { body: string; set: (html: string) => void; slug?: string; origin: { file: string; line?: number } }[] = [
    ...graph.posts.map((post) => ({ body: post.body, slug: post.slug, origin: post.origin, set: (html: string) => { post.html = html; } })),
    ...[graph.about, graph.privacy, graph.terms].map((page) => ({ body: page.body, origin: page.origin, set: (html: string) => { page.html = html; } })),
  ];
  const memoryKey = (body: string) => markdownMemoryKey(markdownOptions, body);
  const used = new Set<string>();
  let remaining = docs;
  if (memory) {
    remaining = [];
    for (const doc of docs) {
      const key = memoryKey(doc.body);
      used.add(key);
      const html = memory.get(key);
      if (html === undefined) remaining.push(doc);
      else doc.set(html);
    }
    for (const key of memory.keys()) if (!used.has(key)) memory.delete(key);
  }
  const cache = options.cache === false || remaining.length === 0 ? undefined
    : await (opened ?? MarkdownCache.open(`${state.config.cacheDir}/cache`, cacheScope(state.config)));
  const engine = markdownEngineVersion();
  const optionsKey = markdownOptionsKey(markdownOptions);
  const early = prefetch?.matches(markdownOptions) ? prefetch : undefined;
  const misses: (typeof remaining[number] & { key: string })[] = [];
  const prefetched: { doc: (typeof misses)[number]; html: Promise<string | WorkerFailure> }[] = [];
  for (const doc of remaining) {
    const key = early?.keyOf(doc.body) ?? markdownKey(doc.body, optionsKey, engine);
    if (doc.slug !== undefined) keys.set(doc.slug, key);
    const html = cache?.get(key);
    if (html !== undefined) {
      doc.set(html);
      memory?.set(memoryKey(doc.body), html);
      continue;
    }
    const pending = early?.result(key);
    if (pending) prefetched.push({ doc: { ...doc, key }, html: pending });
    else misses.push({ ...doc, key });
  }
  // A worker that failed leaves its documents empty, with a diagnostic each (and nothing cached).
  const workerFailed = (doc: { origin: { file: string }; set: (html: string) => void }, failure: WorkerFailure) => {
    state.diagnostics.push(errors.workerFailed(doc.origin.file, failure.message, doc.origin.file));
    doc.set('');
  };
  for (const { doc, html } of prefetched) {
    const text = await html;
    if (text instanceof WorkerFailure) workerFailed(doc, text);
    else {
      doc.set(text);
      cache?.set(doc.key, text);
    }
  }
  // The pipeline's libraries take a while to load: only import them when something is rendered here.
  const htmls = workers.worth(misses.length)
    ? await (await workers.get()).runAll('markdown', misses.map((m) => m.body), { options: markdownOptions }, 24)
    : misses.length === 0 ? [] : await import('./markdown/render-markdown.ts').then(({ renderMarkdown }) => misses.map((m) => renderMarkdown(m.body, markdownOptions)));
  misses.forEach((m, i) => {
    const html = htmls[i];
    if (html instanceof WorkerFailure) return workerFailed(m, html);
    m.set(html);
    cache?.set(m.key, html);
    memory?.set(memoryKey(m.body), html);
  });
  // The cache only saves time: a failed write (full disk, a concurrent build) never fails the build.
  await cache?.save().catch(() => undefined);
  for (const doc of [...graph.posts, graph.about, graph.privacy, graph.terms]) {
    if (!doc.html.startsWith(MARKDOWN_FAILED)) continue;
    state.diagnostics.push(errors.markdownFailed({ file: doc.origin.file, line: doc.origin.line }, doc.html.slice(MARKDOWN_FAILED.length, -'-->'.length)));
    doc.html = '';
  }
  return keys;
}

/**
 * Markdown on the workers while the content loads (a cold build of a large blog): see
 * markdown/prefetch.ts. Undefined when the site's URL cannot be known before the content stage.
 */
function startPrefetch(state: BuildState, cache: MarkdownCache | undefined, workers: Workers): MarkdownPrefetch | undefined {
  const siteUrl = guessSiteUrl(state.config.contentDir, state.config.siteUrlOverride);
  if (siteUrl === undefined) return undefined;
  return new MarkdownPrefetch({ siteUrl }, markdownEngineVersion(), cache, () => workers.get());
}

/** The key of a document's HTML in the dev builder's memory cache (`BuildOptions.markdownCache`). */
export function markdownMemoryKey(options: MarkdownOptions, body: string): string {
  return `${options.siteUrl}\n${body}`;
}

/** What every page's document shares: island entries, stylesheet, site name, icon. */
function renderContext(state: BuildState, extraHead?: string): RenderContext {
  return {
    entries: [...(state.client?.entries ?? [])],
    styles: state.styles?.href ? [state.styles.href] : [],
    siteName: state.graph!.site.name,
    favicon: state.graph!.assets.has('/favicon.svg') ? '/favicon.svg' : undefined,
    extraHead,
  };
}

/** Renders one page route to its full HTML document. */
export function renderRoute(state: BuildState, route: PageRoute, extraHead?: string): RenderedPage {
  const page = renderPageDocument(state.server!, renderContext(state, extraHead), state.client?.entries ?? new Map(), route);
  return { route, ...page };
}

function withoutLayout(props: Record<string, unknown>): Record<string, unknown> {
  const { layout: _layout, ...rest } = props;
  return rest;
}

/**
 * Renders every page (on workers when there are many; dev rebuilds reuse unchanged pages) and
 * streams each one to the writer as soon as it is done. The HTML stays in state.pages only
 * when `keepHtml` is on.
 */
async function renderAll(state: BuildState, options: BuildOptions, workers: Workers, markdownKeys: Map<string, string>): Promise<void> {
  const incremental = options.incremental;
  const keepHtml = options.keepHtml ?? true;
  const writer = options.writer;
  const queue = new WriteQueue(32);
  // Page weights are measured for the CLI's report and for budgets.
  const measure = Boolean(writer || options.budgets);
  const imageBytes = state.images?.bytes ?? new Map<string, number>();
  const weights = new PageWeights();
  const failed = (route: PageRoute, error: { message: string; stack?: string }) => {
    state.diagnostics.push({ ...errors.renderFailed(route.path, error.message, route.origin?.file), ...(state.config.debug && error.stack ? { frame: error.stack } : {}) });
  };
  // The CLI's writer keeps pages whose render inputs did not change since the last build.
  const reusing = isReusingWriter(writer) && !keepHtml ? writer : undefined;
  const keys = new Map<string, string>();
  const keyOf = reusing ? (await reusing.prepare(), pageKeys(state, markdownKeys, options.extraHead)) : undefined;
  const done = async (page: RenderedPage) => {
    const { output } = page.route;
    page.bytes ??= Buffer.byteLength(page.html);
    // Measured once per page: a page kept from an earlier build brings its answer (even "none").
    if (measure && !Object.hasOwn(page, 'image') && page.html) page.image = largestImage(page.html, imageBytes);
    if (measure && page.gzip === undefined) weights.add(page.route.kind, output, page.bytes, page.html);
    if (options.links && !page.links && page.html) page.links = linkFacts(page.html);
    state.pages.set(output, keepHtml ? page : { ...page, html: '' });
    const key = keys.get(output);
    if (writer) await queue.add(() => (reusing && key ? reusing.writePage(output, page.html, key) : writer.write(output, page.html)));
  };
  const toRender: PageRoute[] = [];
  for (const route of state.routes) {
    if (route.type !== 'page') continue;
    const earlier = incremental?.previous.pages.get(route.output);
    if (earlier && !incremental!.shouldRender(route, state)) {
      await done({ ...earlier, route });
      continue;
    }
    if (keyOf) {
      const key = keyOf(route);
      keys.set(route.output, key);
      const kept = reusing!.reuse(route.output, key);
      // A page kept from a build that did not record its links is rendered again, once.
      if (kept && (!options.links || kept.links)) {
        state.pages.set(route.output, { route, html: '', ...kept });
        continue;
      }
    }
    toRender.push(route);
  }
  if (workers.worth(toRender.length)) {
    const pool = await workers.get();
    // With the CLI's writer the workers write the pages themselves: no HTML comes back here.
    const writeTo = reusing?.directory;
    const gzipAbove = measure ? resolveBudgets(state.graph!.site).html : undefined;
    const job = { serverFile: state.server!.file, context: renderContext(state, options.extraHead), layout: state.layout, gzipAbove, writeTo, imageBytes: measure ? [...imageBytes] : undefined, links: options.links };
    // Routes go without the layout they share: it is sent once per chunk.
    const routes = toRender.map((r) => (state.layout !== undefined && r.props.layout === state.layout ? { ...r, props: withoutLayout(r.props) } : r));
    await pool.each('render', routes, job, 48, async (index, item) => {
      const route = toRender[index];
      if (item instanceof WorkerFailure) return void state.diagnostics.push(errors.workerFailed(route.output, item.message, route.origin?.file));
      const meta = { islands: item.islands ?? [], scripts: item.scripts ?? [], gzip: item.gzip, bytes: item.bytes, image: item.image, links: item.links };
      if (item.error) failed(route, item.error);
      else if (writeTo && item.mtimeMs !== undefined && item.bytes !== undefined) {
        reusing!.wrotePage(route.output, keys.get(route.output)!, item.bytes, item.mtimeMs);
        if (item.gzip === undefined) weights.add(route.kind, route.output, item.bytes);
        state.pages.set(route.output, { route, html: '', ...meta });
      } else if (item.html === undefined) failed(route, { message: 'the render worker returned no HTML' });
      else await done({ route, html: item.html, ...meta });
    });
  } else {
    for (const route of toRender) {
      let page: RenderedPage;
      try {
        page = renderRoute(state, route, options.extraHead);
      } catch (error) {
        failed(route, error instanceof Error ? error : { message: String(error) });
        continue;
      }
      await done(measure ? { ...page, gzip: gzipSync(page.html).length } : page);
    }
  }
  await queue.drain();
  // Workers finish in any order: put the pages back in route order (sitemap, reports, check).
  const rendered = new Map(state.pages);
  state.pages.clear();
  for (const route of state.routes) {
    const page = rendered.get(route.output);
    if (page) state.pages.set(route.output, page);
  }
  const read = async (output: string) => (reusing ? reusing.readBack(output) : undefined);
  for (const [output, gzip] of await weights.measure(read)) {
    const page = state.pages.get(output);
    if (page) page.gzip = gzip;
  }
  for (const [output, page] of state.pages) reusing?.describe(output, { islands: page.islands, scripts: page.scripts, gzip: page.gzip, bytes: page.bytes, image: page.image, links: page.links });
}

/**
 * A page's key: everything its HTML is made from. The engine and library versions, the
 * templates bundle, what every document shares (scripts, stylesheet, layout data) and the
 * route itself (template, props, head). Equal keys give byte-identical pages.
 */
function pageKeys(state: BuildState, markdownKeys: Map<string, string>, extraHead?: string): (route: PageRoute) => string {
  const server = state.server!;
  const shared = createHash('sha256')
    .update(pageEngineVersion()).update('\0')
    .update(server.hash).update('\0')
    .update(JSON.stringify(renderContext(state, extraHead))).update('\0')
    .update(JSON.stringify(state.layout ?? null))
    .digest('hex');
  return (route) => {
    const { layout, ...rest } = route.props;
    // A post's HTML is a function of its Markdown key: hash the key, not the (long) HTML.
    const post = route.kind === 'blog-post' ? rest.post as { slug: string; html?: string } : undefined;
    const key = post && markdownKeys.get(post.slug);
    const props = key === undefined ? rest : { ...rest, post: { ...post, html: `markdown ${key}` } };
    return createHash('sha256')
      .update(shared)
      .update(layout === state.layout ? 'shared layout' : JSON.stringify(layout ?? null))
      .update(JSON.stringify({ ...route, props }))
      .digest('hex');
  };
}

async function writeOutput(state: BuildState, writer: Writer, copyAssets: boolean): Promise<void> {
  const siteUrl = state.layout!.siteUrl;
  const pages = [...state.pages.values()];
  const stubs = state.routes.filter((r): r is RedirectRoute => r.type === 'redirect');
  // The render stage has written the pages as they were done.
  const files: { path: string; contents: string | Uint8Array }[] = [
    ...stubs.map((s) => ({ path: s.output, contents: renderRedirectStub(s.to, absoluteUrl(siteUrl, s.to)) })),
    ...(state.client?.files ?? []),
    ...(state.styles?.files ?? []),
    { path: 'sitemap.xml', contents: sitemapXml(pages.map((p) => p.route).filter((r) => r.kind !== 'not-found'), siteUrl) },
    { path: 'robots.txt', contents: robotsTxt(siteUrl) },
    { path: '_redirects', contents: redirectsFile(stubs, state.prefixRedirects) },
    { path: '_headers', contents: headersFile(sitePolicy(state)) },
    ...(state.files ?? []),
  ];
  await writeAll(files, 64, (f) => writer.write(f.path, f.contents));
  if (copyAssets) {
    const assets = [...state.graph!.assets].sort();
    await writeAll(assets, 64, (a) => writer.copy(a.slice(1), `${state.config.assetsDir}${a}`));
  }
  // Photo variants live in the image cache, not in site-assets/: they are always part of the
  // output (the dev server serves them from the writer's copies).
  await writeAll(state.images?.files ?? [], 64, (f) => writer.copy(f.path, f.from));
}

/** The Content-Security-Policy of the pages as built: their inline scripts, frames and fetches. */
function sitePolicy(state: BuildState): string {
  const { server, config } = state;
  return contentSecurityPolicy({
    inlineScripts: [...(server?.headScript ? [server.headScript] : []), redirectScript],
    frameOrigins: server?.frameOrigins ?? [],
    connectUrls: [config.quoteWebhookUrl, config.deployHookUrl].filter((u): u is string => Boolean(u)),
  });
}

/** Per route kind: page count and the largest gzip sizes of HTML and JS. */
export function sizeReport(state: BuildState, jsSizes: (src: string) => number): { kind: string; pages: number; html: number; js: number }[] {
  const rows = new Map<string, { kind: string; pages: number; html: number; js: number }>();
  for (const page of state.pages.values()) {
    const row = rows.get(page.route.kind) ?? { kind: page.route.kind, pages: 0, html: 0, js: 0 };
    row.pages++;
    const gzip = page.gzip ?? (page.html ? gzipSync(page.html).length : 0);
    row.html = Math.max(row.html, gzip);
    row.js = Math.max(row.js, page.scripts.reduce((sum, s) => sum + jsSizes(s), 0));
    rows.set(row.kind, row);
  }
  return [...rows.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

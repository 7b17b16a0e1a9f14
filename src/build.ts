// The orchestrator: one build() runs the stages in order and times each.
// load content → link → markdown → route table → bundle → render → write.
import { gzipSync } from 'node:zlib';
import type { ResolvedConfig } from './config/resolve-config.ts';
import { linkContent } from './content/link-content.ts';
import { loadContent } from './content/load-content.ts';
import type { ContentGraph } from './content/types.ts';
import { errors } from './errors/catalogue.ts';
import { hasErrors, StitchError, wrapError, type Diagnostic } from './errors/diagnostic.ts';
import { bundleIslands, listIslands, type ClientBundle } from './islands/bundle-islands.ts';
import { renderMarkdown } from './markdown/render-markdown.ts';
import { bundleStyles, type StyleBundle } from './render/bundle-styles.ts';
import { bundleTemplates, type ServerBundle } from './render/bundle-templates.ts';
import { renderDocument, renderRedirectStub } from './render/document.ts';
import { absoluteUrl } from './routes/head.ts';
import { layoutData, type LayoutData } from './routes/layout-data.ts';
import { buildRouteTable } from './routes/route-table.ts';
import type { PageRoute, PrefixRedirect, RedirectRoute, Route } from './routes/types.ts';
import { headersFile, redirectsFile, robotsTxt, sitemapXml } from './output/site-files.ts';
import { writeAll, type Writer } from './output/writer.ts';
import { enrichDiagnostics } from './content/locate-diagnostics.ts';

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
  /** Rendered HTML per output path. */
  pages: Map<string, RenderedPage>;
  /** Everything reported so far. */
  diagnostics: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export interface RenderedPage {
  route: PageRoute;
  html: string;
  /** Island entry names used by the page. */
  islands: string[];
  /** Public URLs of its scripts (entries and their chunks). */
  scripts: string[];
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
   * Go on past link, route-table and render errors and write what could be built, so `check`
   * reports every problem of a run at once. With errors the writer is left as it is (neither
   * committed nor aborted): use a MemoryWriter. `ok` is still false.
   */
  keepGoing?: boolean;
  /** Rendered Markdown by source text, kept between builds (dev); entries not used are dropped. */
  markdownCache?: Map<string, string>;
  /** Dev rebuilds: reuse bundles and pages of an earlier build instead of redoing them. */
  incremental?: IncrementalOptions;
}

export interface IncrementalOptions {
  /** The earlier successful build. */
  previous: BuildState;
  /** Bundles taken from `previous` instead of bundling again (their sources did not change). */
  reuse: { server?: boolean; client?: boolean; styles?: boolean };
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
  const fail = async () => {
    state.diagnostics = enrichDiagnostics(state.diagnostics, config.root);
    await options.writer?.abort();
    return { ok: false, state };
  };
  try {
    const loaded = await timed(state, 'content', () => loadContent(config.root, config.contentDir, config.assetsDir));
    state.diagnostics.push(...loaded.diagnostics);
    if (!loaded.graph || hasErrors(state.diagnostics)) return await fail();
    const graph = (state.graph = loaded.graph);
    state.diagnostics.push(...await timed(state, 'link', () => linkContent(graph)));
    if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();

    const siteUrl = config.siteUrlOverride ?? graph.site.url.replace(/\/+$/, '');
    await timed(state, 'markdown', () => renderAllMarkdown(graph, siteUrl, options.markdownCache));

    state.layout = layoutData(graph, {
      siteUrl,
      buildTime: config.buildTime,
      quoteEndpoint: config.quoteWebhookUrl ?? (config.mode === 'development' ? '/__stitch/quote' : ''),
      quoteKey: config.quoteWebhookKey ?? '',
      deployHook: config.deployHookUrl ?? '',
    });
    const table = await timed(state, 'routes', () => buildRouteTable(graph, state.layout!));
    state.routes = table.routes;
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

    await timed(state, 'render', () => renderAll(state, options));
    if (hasErrors(state.diagnostics) && !options.keepGoing) return await fail();

    const ok = !hasErrors(state.diagnostics);
    if (options.writer) {
      await timed(state, 'write', () => writeOutput(state, options.writer!, options.copyAssets ?? true));
      if (ok) await options.writer.commit();
    }
    state.diagnostics = enrichDiagnostics(state.diagnostics, config.root);
    return { ok, state };
  } catch (error) {
    if (error instanceof StitchError) state.diagnostics.push(...error.diagnostics);
    else state.diagnostics.push({ ...wrapError(error, 'building the site'), ...(config.debug && error instanceof Error ? { frame: error.stack } : {}) });
    return await fail();
  }
}

function renderAllMarkdown(graph: ContentGraph, siteUrl: string, cache?: Map<string, string>): void {
  const options = { siteUrl };
  const used = new Set<string>();
  const render = (body: string) => {
    const key = `${siteUrl}\n${body}`;
    used.add(key);
    const cached = cache?.get(key);
    if (cached !== undefined) return cached;
    const html = renderMarkdown(body, options);
    cache?.set(key, html);
    return html;
  };
  for (const post of graph.posts) post.html = render(post.body);
  for (const page of [graph.about, graph.privacy, graph.terms]) page.html = render(page.body);
  for (const key of cache?.keys() ?? []) if (!used.has(key)) cache!.delete(key);
}

/** Renders one page route to its full HTML document. */
export function renderRoute(state: BuildState, route: PageRoute, extraHead?: string): RenderedPage {
  const server = state.server!;
  const body = server.renderPage(server.templates, route.template, route.props);
  const scripts: string[] = [];
  const preloads = new Set<string>();
  for (const name of body.islands) {
    const entry = state.client?.entries.get(name);
    if (!entry) throw new Error(`island "${name}" has no client entry (expected templates/islands/${name}.tsx)`);
    scripts.push(entry.src);
    for (const chunk of entry.imports) preloads.add(chunk);
  }
  const html = renderDocument({
    head: route.head,
    body: body.html,
    siteName: state.graph!.site.name,
    styles: state.styles?.href ? [state.styles.href] : [],
    scripts,
    preloads: [...preloads].sort(),
    inlineScript: server.headScript,
    themeColor: server.themeColor,
    favicon: state.graph!.assets.has('/favicon.svg') ? '/favicon.svg' : undefined,
    extraHead,
  });
  return { route, html, islands: body.islands, scripts: [...scripts, ...[...preloads].sort()] };
}

async function renderAll(state: BuildState, options: BuildOptions): Promise<void> {
  const incremental = options.incremental;
  for (const route of state.routes) {
    if (route.type !== 'page') continue;
    const earlier = incremental?.previous.pages.get(route.output);
    if (earlier && !incremental!.shouldRender(route, state)) {
      state.pages.set(route.output, { ...earlier, route });
      continue;
    }
    try {
      state.pages.set(route.output, renderRoute(state, route, options.extraHead));
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      state.diagnostics.push({ ...errors.renderFailed(route.path, cause, route.origin?.file), ...(state.config.debug && error instanceof Error ? { frame: error.stack } : {}) });
    }
  }
}

async function writeOutput(state: BuildState, writer: Writer, copyAssets: boolean): Promise<void> {
  const siteUrl = state.layout!.siteUrl;
  const pages = [...state.pages.values()];
  const stubs = state.routes.filter((r): r is RedirectRoute => r.type === 'redirect');
  const files: { path: string; contents: string | Uint8Array }[] = [
    ...pages.map((p) => ({ path: p.route.output, contents: p.html })),
    ...stubs.map((s) => ({ path: s.output, contents: renderRedirectStub(s.to, absoluteUrl(siteUrl, s.to)) })),
    ...(state.client?.files ?? []),
    ...(state.styles?.files ?? []),
    { path: 'sitemap.xml', contents: sitemapXml(pages.map((p) => p.route).filter((r) => r.kind !== 'not-found'), siteUrl) },
    { path: 'robots.txt', contents: robotsTxt(siteUrl) },
    { path: '_redirects', contents: redirectsFile(stubs, state.prefixRedirects) },
    { path: '_headers', contents: headersFile() },
  ];
  await writeAll(files, 64, (f) => writer.write(f.path, f.contents));
  if (copyAssets) {
    const assets = [...state.graph!.assets].sort();
    await writeAll(assets, 64, (a) => writer.copy(a.slice(1), `${state.config.assetsDir}${a}`));
  }
}

/** Per route kind: page count and the largest gzip sizes of HTML and JS. */
export function sizeReport(state: BuildState, jsSizes: (src: string) => number): { kind: string; pages: number; html: number; js: number }[] {
  const rows = new Map<string, { kind: string; pages: number; html: number; js: number }>();
  for (const page of state.pages.values()) {
    const row = rows.get(page.route.kind) ?? { kind: page.route.kind, pages: 0, html: 0, js: 0 };
    row.pages++;
    row.html = Math.max(row.html, gzipSync(page.html).length);
    row.js = Math.max(row.js, page.scripts.reduce((sum, s) => sum + jsSizes(s), 0));
    rows.set(row.kind, row);
  }
  return [...rows.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

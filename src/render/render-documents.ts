// One pass per document: Markdown → React page → its facts → write. The same `document` task
// runs on the build's thread (small sites, dev, check) and on the executor's workers, so both
// give the same bytes. What comes back is the page's facts (page-facts.ts, recorded while it
// rendered); its HTML only when there is no folder to write it to (memory output).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fromHtml } from 'hast-util-from-html';
import { gzipCeiling, phoneLoads } from '../budgets/budgets.ts';
import { pageAlternates } from '../feeds/feed-links.ts';
import type { ImageUse } from '../images/image-context.ts';
import { imagePreloads, imageUrls } from '../images/recorded-images.ts';
import { MARKDOWN_FAILED, type MarkdownOptions } from '../markdown/options-key.ts';
import type { MarkdownRenderer } from '../markdown/render-markdown.ts';
import { outputFile } from '../output/output-path.ts';
import { pageJsonLd } from '../routes/json-ld.ts';
import type { PageRoute } from '../routes/types.ts';
import type { ServerModule } from './bundle-templates.ts';
import { imagePreloadsOf, renderDocument, type DocumentParts } from './document.ts';
import type { LinkFacts, PageFacts } from './page-facts.ts';
import { hastLinkFacts, PageRecorder } from './page-recorder.ts';
import type { KeptParts } from './reused.tsx';

/** Per island name: its entry module and the chunks it imports (public URLs). */
type IslandEntries = Map<string, { src: string; imports: string[]; deferred?: string[] }>;

/** Everything a page's document needs besides its route; plain data, so it can go to a worker. */
export interface RenderContext {
  entries: [string, { src: string; imports: string[]; deferred?: string[] }][];
  /** Public URLs of the stylesheets. */
  styles: string[];
  siteName: string;
  favicon?: string;
  extraHead?: string;
}

/** What every document of a build shares: plain data, so it can go to a worker once per batch. */
export interface DocumentJob {
  /** The templates bundle (a worker imports it; the main thread has it loaded). */
  serverFile: string;
  context: RenderContext;
  markdown: MarkdownOptions;
  /** Measure a page's gzip size when its raw size could exceed this (the HTML budget). */
  gzipAbove?: number;
  /** Record the images each page loads up front on a phone (for the image budget). */
  phoneImages?: boolean;
  /** Record each page's ids, links and referenced files (the build's link check). */
  links?: boolean;
  /** Write each page under this folder (and return its mtime) instead of returning its HTML. */
  writeTo?: string;
}

export interface DocumentInput {
  route: PageRoute;
  /** The Markdown body's HTML when the cache had it. */
  markdownHtml?: string;
}

/** What a document's pass tells the build: the page's facts, and what travels with them. */
export interface DocumentResult {
  /** The page's facts (empty when the pass failed: `error`). */
  facts: PageFacts;
  /** Every image URL the page can load: the photo variants the build must encode. */
  imageUrls: string[];
  /** The page, when it was not written to `writeTo`. */
  html?: string;
  /** mtime of the file written to `writeTo`. */
  mtimeMs?: number;
  /** The Markdown body's HTML rendered by this pass (for the Markdown cache and the feeds). */
  markdownHtml?: string;
  /** Why the Markdown body could not be rendered (the page is rendered with an empty body). */
  markdownError?: string;
  error?: { message: string; stack?: string };
  /** Writing the page to `writeTo` failed (the file system's error: code and path). */
  writeError?: { message: string; code?: string; path?: string };
}

/** What a document renderer keeps between passes (`documentTask` makes one per worker or build). */
export interface DocumentRenderer {
  /** The Markdown pipeline (undefined while no page has needed it). */
  markdown?: Pick<MarkdownRenderer, 'renderWithLinks'>;
  /** The page parts rendered so far, pasted into later pages (reused.tsx). */
  kept: KeptParts;
}

/**
 * The executor's `document` task (executor/tasks.ts), made once per worker and once per build on
 * the build's thread: what it keeps (the templates bundle, the Markdown pipeline, loaded when a
 * page first needs it, and the page parts pasted into later pages) lives that long.
 */
export function documentTask() {
  const servers = new Map<string, Promise<ServerModule>>();
  const renderer: DocumentRenderer = { kept: new WeakMap() };
  return async ({ items, job }: { items: DocumentInput[]; job: DocumentJob }, started?: (item: number) => void): Promise<DocumentResult[]> => {
    let server = servers.get(job.serverFile);
    if (!server) servers.set(job.serverFile, (server = import(pathToFileURL(job.serverFile).href) as Promise<ServerModule>));
    if (!renderer.markdown && items.some((input) => input.route.markdown && input.markdownHtml === undefined)) {
      const { MarkdownRenderer } = await import('../markdown/render-markdown.ts');
      renderer.markdown = new MarkdownRenderer();
    }
    return renderDocuments(await server, job, items, renderer, started);
  };
}

/** `started(i)`: told as each input begins (the executor's item clock). */
export function renderDocuments(server: ServerModule, job: DocumentJob, inputs: DocumentInput[], renderer: DocumentRenderer, started?: (item: number) => void): DocumentResult[] {
  const entries = new Map(job.context.entries);
  const made = new Set<string>();
  return inputs.map((input, i): DocumentResult => {
    started?.(i);
    try {
      return renderOne(server, job, entries, made, input, renderer);
    } catch (error) {
      return { facts: { islands: [], scripts: [] }, imageUrls: [], error: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } };
    }
  });
}

function renderOne(server: ServerModule, job: DocumentJob, entries: IslandEntries, made: Set<string>, input: DocumentInput, renderer: DocumentRenderer): DocumentResult {
  let { route } = input;
  let markdownHtml: string | undefined;
  let markdownError: string | undefined;
  /** The link facts of the Markdown body, by its HTML: the page records them where it inserts it. */
  const fragments: [string, LinkFacts][] = [];
  if (route.markdown) {
    let html = input.markdownHtml;
    let links: LinkFacts | undefined;
    if (html === undefined) {
      if (!renderer.markdown) throw new Error('the Markdown pipeline was not loaded for a document that needs it');
      ({ html, links } = renderer.markdown.renderWithLinks(route.markdown.body, job.markdown));
      markdownHtml = html;
    }
    if (html.startsWith(MARKDOWN_FAILED)) {
      markdownError = html.slice(MARKDOWN_FAILED.length, -'-->'.length);
      html = '';
    } else if (job.links) {
      // HTML from the Markdown cache is parsed back into the tree its link facts are read from.
      fragments.push([html, links ?? hastLinkFacts(fromHtml(html, { fragment: true }))]);
    }
    const into = route.markdown.into;
    route = { ...route, props: { ...route.props, [into]: { ...(route.props[into] as object), html } } };
  }
  const page = renderPageDocument(server, job.context, entries, route, renderer.kept, fragments);
  const bytes = Buffer.byteLength(page.html);
  const facts: PageFacts = {
    islands: page.islands,
    scripts: page.scripts,
    bytes,
    gzip: job.gzipAbove !== undefined && gzipCeiling(bytes) > job.gzipAbove ? gzipSync(page.html).length : undefined,
    imageLoads: job.phoneImages ? phoneLoads(page.images, route.head.preloadImages) : undefined,
    links: job.links ? page.links : undefined,
  };
  const result: DocumentResult = { facts, imageUrls: imageUrls(page.images), markdownHtml, markdownError };
  if (!job.writeTo) return { ...result, html: page.html };
  try {
    result.mtimeMs = writePage(made, outputFile(job.writeTo, route.output), page.html);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    result.writeError = { message: `writing ${route.output}: ${e?.message ?? String(error)}`, code: e?.code, path: e?.path };
  }
  return result;
}

export interface PageDocument {
  html: string;
  /** Island entry names used by the page. */
  islands: string[];
  /**
   * Public URLs of every script the page runs: entries, the chunks they import, then the chunks
   * lazy entries load later (an idle or visible island's component and React). The page-weight
   * report and the JS budget count them all.
   */
  scripts: string[];
  /** The images the page emitted (recorded while rendering): preload, budget, variants to encode. */
  images: ImageUse[];
  /** Its ids, links and referenced files, head and body, in document order. */
  links: LinkFacts;
}

/**
 * `kept`: the page parts of earlier pages to paste (reused.tsx); none by default.
 * `fragments`: the link facts of raw HTML the page inserts (its Markdown body), by its text.
 */
export function renderPageDocument(server: ServerModule, context: RenderContext, entries: IslandEntries, route: PageRoute, kept: KeptParts = new WeakMap(), fragments?: [string, LinkFacts][]): PageDocument {
  const body = server.renderPage(server.templates, route.template, route.props, kept, fragments);
  const scripts: string[] = [];
  const preloads = new Set<string>();
  const later = new Set<string>();
  for (const name of body.islands) {
    const entry = entries.get(name);
    if (!entry) throw new Error(`island "${name}" has no client entry (expected templates/islands/${name}.tsx)`);
    scripts.push(entry.src);
    for (const chunk of entry.imports) preloads.add(chunk);
    for (const chunk of entry.deferred ?? []) later.add(chunk);
  }
  const sortedPreloads = [...preloads].sort();
  const parts: DocumentParts = {
    head: route.head,
    jsonLd: pageJsonLd(route),
    alternates: pageAlternates(route),
    body: body.html,
    siteName: context.siteName,
    styles: context.styles,
    scripts,
    preloads: sortedPreloads,
    inlineScript: server.headScript,
    themeColor: server.themeColor,
    favicon: context.favicon,
    extraHead: context.extraHead,
    imagePreloads: imagePreloads(route.head.preloadImages, body.images),
  };
  const html = renderDocument(parts);
  const loaded = new Set([...scripts, ...sortedPreloads]);
  const deferred = [...later].filter((chunk) => !loaded.has(chunk)).sort();
  const links = { ...body.links, resources: [...headResources(parts), ...body.links.resources] };
  return { html, islands: body.islands, scripts: [...loaded, ...deferred], images: body.images, links };
}

/**
 * The files the document's head loads, in its order (document.ts renderDocument): the social
 * image, the icon, the stylesheets, the preloaded images and chunks, the scripts. The canonical
 * and alternate links are not files it loads; `extraHead` (dev's live reload) is not read.
 */
function headResources(p: DocumentParts): LinkFacts['resources'] {
  const head = new PageRecorder();
  head.resource(p.head.image, 'image'); // og:image
  head.resource(p.head.image, 'image'); // twitter:image
  if (p.favicon) head.resource(p.favicon, 'file');
  for (const href of p.styles) head.resource(href, 'stylesheet');
  for (const pre of imagePreloadsOf(p.head, p)) head.resource(pre.href, 'image');
  for (const href of p.preloads) head.resource(href, 'file');
  for (const src of p.scripts) head.resource(src, 'script');
  return head.resources;
}

/**
 * Writes a page and returns its mtime. Synchronous on purpose: this thread has nothing else to
 * do meanwhile, and a promise-based mkdir/write/stat per page costs several times the CPU in
 * thread-pool hand-offs (measured: 4,000 pages, 0.63 s of CPU async against 0.2 s sync).
 */
function writePage(made: Set<string>, file: string, html: string): number {
  const dir = dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(file, html);
  return statSync(file).mtimeMs;
}

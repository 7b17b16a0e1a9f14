// One pass per document: Markdown → React page → measure → write. The same function runs on
// the main thread (small sites, dev, check) and in the executor's workers (large sites), so
// both produce the same bytes. What comes back is the page's facts (page-facts.ts: sizes,
// scripts, images, links, recorded while it rendered); its HTML only when there is no directory
// to write it to (memory output).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gzipCeiling, phoneLoads } from '../budgets/budgets.ts';
import { writeEntry, type EntryFolder } from '../cache/file-cache.ts';
import { imageUrls } from '../images/recorded-images.ts';
import { MARKDOWN_FAILED, type MarkdownOptions } from '../markdown/options-key.ts';
import { outputFile } from '../output/output-path.ts';
import type { PageRoute } from '../routes/types.ts';
import type { ServerModule } from './bundle-templates.ts';
import { cachedMarkdownLinks } from './cached-markdown-links.ts';
import type { LinkFacts, PageFacts } from './page-facts.ts';
import type { KeptParts } from './reused.tsx';
import { renderPageDocument, type RenderContext } from './render-worker-page.ts';

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
  /** Return the Markdown HTML rendered here, for the Markdown cache. */
  returnMarkdown?: boolean;
  /**
   * The Markdown cache's folder, to write the Markdown HTML rendered here to (under each input's
   * `cacheKey`) instead of returning it: the HTML of thousands of posts never crosses to the
   * build's thread.
   */
  markdownCache?: EntryFolder;
}

export interface DocumentInput {
  route: PageRoute;
  /** The Markdown body's HTML when the cache had it. */
  markdownHtml?: string;
  /** Return the Markdown HTML rendered here even when the job does not (a post the blog feeds carry). */
  returnMarkdown?: boolean;
  /** The Markdown body's key in the Markdown cache (`job.markdownCache`). */
  cacheKey?: string;
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
  /** The Markdown body's HTML rendered by this pass (when `returnMarkdown`). */
  markdownHtml?: string;
  /** This pass wrote its Markdown HTML to `job.markdownCache`, under the input's `cacheKey`; or why it could not. */
  markdownCached?: true | { message: string; code?: string };
  /** Why the Markdown body could not be rendered (the page is rendered with an empty body). */
  markdownError?: string;
  error?: { message: string; stack?: string };
  /** Writing the page to `writeTo` failed (the file system's error: code and path). */
  writeError?: { message: string; code?: string; path?: string };
}

/** What a document renderer keeps between passes (render/document-task.ts makes one per worker or build). */
export interface DocumentRenderer {
  /** The Markdown pipeline: a body's HTML and its link facts (undefined while no page has needed it). */
  markdown?: { renderWithLinks(markdown: string, options: MarkdownOptions): { html: string; links?: LinkFacts } };
  /** The page parts rendered so far, pasted into later pages (reused.tsx). */
  kept: KeptParts;
}

/** `started(i)`: told as each input begins (the executor's item clock). */
export function renderDocuments(server: ServerModule, job: DocumentJob, inputs: DocumentInput[], renderer: DocumentRenderer, started?: (item: number) => void): DocumentResult[] {
  const entries = new Map(job.context.entries);
  const made = new Set<string>();
  const rendered: string[] = [];
  const facts = inputs.map((input, i): DocumentResult => {
    started?.(i);
    try {
      return renderOne(server, job, entries, made, input, renderer, (html) => (rendered[i] = html));
    } catch (error) {
      return { facts: { islands: [], scripts: [] }, imageUrls: [], error: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } };
    }
  });
  if (job.markdownCache) toCache(job.markdownCache, inputs, facts, rendered);
  return facts;
}

/**
 * Writes the Markdown HTML these passes rendered (`rendered`, by input) to the Markdown cache and
 * marks each page's facts. The first write that fails stops the others (the build goes on
 * without caching, and is told why).
 */
function toCache(folder: EntryFolder, inputs: DocumentInput[], facts: DocumentResult[], rendered: string[]): void {
  for (const [i, input] of inputs.entries()) {
    if (rendered[i] === undefined || input.cacheKey === undefined || facts[i].markdownError !== undefined || facts[i].error) continue;
    try {
      writeEntry(folder, input.cacheKey, rendered[i]);
      facts[i].markdownCached = true;
    } catch (error) {
      const { message, code } = error as NodeJS.ErrnoException;
      facts[i].markdownCached = { message, code };
      return;
    }
  }
}

function renderOne(server: ServerModule, job: DocumentJob, entries: Map<string, { src: string; imports: string[]; deferred?: string[] }>, made: Set<string>, input: DocumentInput, renderer: DocumentRenderer, rendered: (html: string) => void): DocumentResult {
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
      if (job.returnMarkdown || input.returnMarkdown) markdownHtml = html;
      rendered(html);
    }
    if (html.startsWith(MARKDOWN_FAILED)) {
      markdownError = html.slice(MARKDOWN_FAILED.length, -'-->'.length);
      html = '';
    } else if (job.links) fragments.push([html, links ?? cachedMarkdownLinks(html)]);
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

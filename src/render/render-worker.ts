// A render worker: runs the Markdown pipeline and the page renderer off the main thread. The
// pool bundles this file (with its libraries) into .stitch/server, so a worker starts on plain
// JavaScript without a TypeScript loader.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { phoneLoads } from '../budgets/page-image.ts';
import { imageUrls } from '../images/recorded-images.ts';
import { gzipCeiling } from '../budgets/page-weight.ts';
import { linkFacts, type LinkFacts } from '../check/link-facts.ts';
import { renderMarkdown, type MarkdownOptions } from '../markdown/render-markdown.ts';
import type { PageRoute } from '../routes/types.ts';
import { outputFile } from '../output/output-path.ts';
import type { ServerBundle } from './bundle-templates.ts';
import { renderPageDocument, type RenderContext } from './render-worker-page.ts';

export type WorkerRequest =
  | { type: 'markdown'; id: number; options: MarkdownOptions; bodies: string[] }
  | { type: 'render'; id: number; serverFile: string; context: RenderContext; layout?: unknown; routes: PageRoute[]; gzipAbove?: number; writeTo?: string; links?: boolean };

export interface RenderedItem {
  /** The document; left out when the worker wrote it to `writeTo` itself. */
  html?: string;
  /** mtime of the file the worker wrote. */
  mtimeMs?: number;
  islands?: string[];
  scripts?: string[];
  /** UTF-8 size of the HTML. */
  bytes?: number;
  /** Gzip size of the HTML, measured when it could exceed `gzipAbove`. */
  gzip?: number;
  /** The image URLs a phone loads up front (budgets/page-image.ts). */
  imageLoads?: string[];
  /** Every image URL the page can load (the variants the build must encode). */
  imageUrls?: string[];
  /** Ids, links and referenced files, for the build's link check (when `links` was asked). */
  links?: LinkFacts;
  error?: { message: string; stack?: string };
}

export type WorkerResponse =
  | { id: number; type: 'markdown'; results: string[] }
  | { id: number; type: 'render'; results: RenderedItem[] }
  | { id: number; type: 'error'; message: string; stack?: string };

// React picks its production build from NODE_ENV when the templates bundle first imports it.
if ((workerData as { production?: boolean } | undefined)?.production) process.env.NODE_ENV = 'production';

type Server = Pick<ServerBundle, 'templates' | 'renderPage' | 'headScript' | 'themeColor'>;
const servers = new Map<string, Promise<Server>>();

function loadServer(file: string): Promise<Server> {
  let server = servers.get(file);
  if (!server) {
    server = import(pathToFileURL(file).href) as Promise<Server>;
    servers.set(file, server);
  }
  return server;
}

async function handle(request: WorkerRequest): Promise<WorkerResponse> {
  if (request.type === 'markdown') {
    return { id: request.id, type: 'markdown', results: request.bodies.map((body) => renderMarkdown(body, request.options)) };
  }
  const server = await loadServer(request.serverFile);
  const entries = new Map(request.context.entries);
  const results = request.routes.map((route): RenderedItem => {
    try {
      const page = renderPageDocument(server, request.context, entries, request.layout === undefined || 'layout' in route.props ? route : { ...route, props: { ...route.props, layout: request.layout } });
      const bytes = Buffer.byteLength(page.html);
      const measure = request.gzipAbove !== undefined && gzipCeiling(bytes) > request.gzipAbove;
      const gzip = measure ? gzipSync(page.html).length : undefined;
      const images = { imageLoads: phoneLoads(page.images, route.head.preloadImages), imageUrls: imageUrls(page.images) };
      const links = request.links ? linkFacts(page.html) : undefined;
      if (!request.writeTo) return { html: page.html, islands: page.islands, scripts: page.scripts, ...images, bytes, gzip, links };
      // Written here, the HTML never crosses to the main thread.
      const file = outputFile(request.writeTo, route.output);
      const item: RenderedItem = { islands: page.islands, scripts: page.scripts, ...images, bytes, gzip, links };
      try {
        item.mtimeMs = writePage(file, page.html);
      } catch (error) {
        item.error = { message: `writing ${route.output}: ${error instanceof Error ? error.message : String(error)}` };
      }
      return item;
    } catch (error) {
      return { error: { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } };
    }
  });
  return { id: request.id, type: 'render', results };
}

const made = new Set<string>();

/**
 * Writes a page and returns its mtime. Synchronous on purpose: this thread has nothing else to
 * do meanwhile, and a promise-based mkdir/write/stat per page costs several times the CPU in
 * thread-pool hand-offs (measured: 4,000 pages, 0.63 s of CPU async against 0.2 s sync).
 */
function writePage(file: string, html: string): number {
  const dir = dirname(file);
  if (!made.has(dir)) {
    makeDir(dir);
    made.add(dir);
  }
  writeFileSync(file, html);
  return statSync(file).mtimeMs;
}

/** mkdir of one level when the parent is there (the common case: a post's own folder), else recursive. */
function makeDir(dir: string): void {
  if (made.has(dirname(dir))) {
    try {
      mkdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    }
  }
  mkdirSync(dir, { recursive: true });
  for (let d = dirname(dir); d !== dirname(d) && !made.has(d); d = dirname(d)) made.add(d);
}

parentPort?.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (response) => parentPort!.postMessage(response),
    (error: unknown) => parentPort!.postMessage({ id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined }),
  );
});

// Shared set-up of the browser tests: a stand-in for the quote webhook and the deploy hook (a
// local HTTP server that records requests, answers CORS preflights and replies with the status
// a test chooses), the real site built with that server's URLs, one Chromium, and a page
// factory that collects console errors.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { FsWriter } from '../../src/output/writer.ts';
import { startStaticServer } from '../../src/preview/static-server.ts';
import { buildAndServe, launchBrowser, type ServedSite } from '../helpers/browser.ts';

// TEMPORARY (until site-assets/ is complete): build from another root with placeholder assets.
const devRoot = process.env.STITCH_TEST_ROOT;
async function buildAndServeAt(root: string, env: NodeJS.ProcessEnv): Promise<ServedSite> {
  const dir = join(mkdtempSync(join(tmpdir(), 'stitch-browser-')), 'dist');
  const config = resolveConfig({ root, out: dir }, { SOURCE_DATE_EPOCH: '1767225600', ...env }, root);
  const { ok, state } = await build(config, { writer: new FsWriter(dir) });
  if (!ok) throw new Error(state.diagnostics.map((d) => d.message).join('\n'));
  const server = await startStaticServer(dir, 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dir, close: () => new Promise((r) => server.close(() => r())) };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Hook {
  url: string;
  /** POSTs received (preflights are answered but not recorded). */
  requests: RecordedRequest[];
  /** Status of the next answers (200 by default). */
  status: number;
  /** Milliseconds to wait before answering. */
  delay: number;
  /** Drop the connection instead of answering (a network error). */
  drop: boolean;
  close(): Promise<void>;
}

export async function startHook(): Promise<Hook> {
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type, X-API-Key', 'Access-Control-Max-Age': '0' };
  const hook: Hook = { url: '', requests: [], status: 200, delay: 0, drop: false, close: async () => {} };
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hook.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (hook.drop) {
        req.socket.destroy();
        return;
      }
      setTimeout(() => res.writeHead(hook.status, { ...cors, 'Content-Type': 'application/json' }).end('{}'), hook.delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hook.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return hook;
}

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export interface Suite {
  site: ServedSite;
  hook: Hook;
  browser: Browser;
  /** A fresh page (own context) at a viewport, at `path` ('about:blank': not navigated yet); its console errors collect in `errors`. */
  open(path: string, options?: BrowserContextOptions & { viewport?: { width: number; height: number } }): Promise<TestPage>;
  close(): Promise<void>;
}

export interface TestPage {
  page: Page;
  /** Console errors and uncaught exceptions so far. */
  errors: string[];
}

/** Back to answering 200 at once, with no request recorded. */
export function resetHook(hook: Hook): void {
  hook.requests.length = 0;
  hook.status = 200;
  hook.delay = 0;
  hook.drop = false;
}

export const API_KEY = 'test-key-123';

/**
 * Builds the site once with the hook's URLs (`withHooks: false` builds with none of the
 * environment set) and launches Chromium. Call in beforeAll; `close` in afterAll.
 */
export async function setUpSuite(options: { withHooks?: boolean } = {}): Promise<Suite> {
  const hook = await startHook();
  const env = options.withHooks === false ? {} : {
    QUOTE_WEBHOOK_URL: `${hook.url}/quote`,
    QUOTE_WEBHOOK_KEY: API_KEY,
    VITE_VERCEL_DEPLOY_HOOK: `${hook.url}/deploy`,
  };
  const [site, browser] = await Promise.all([devRoot ? buildAndServeAt(devRoot, env) : buildAndServe(env), launchBrowser()]);
  const pages: Page[] = [];
  return {
    site,
    hook,
    browser,
    async open(path, { viewport = DESKTOP, ...contextOptions } = {}) {
      const context = await browser.newContext({ viewport, ...contextOptions });
      const page = await context.newPage();
      pages.push(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        // Chromium asks for /favicon.ico on its own when a page declares no icon.
        if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      if (path !== 'about:blank') {
        await page.goto(site.url + path, { waitUntil: 'domcontentloaded' });
        if (contextOptions.javaScriptEnabled !== false) await hydrated(page);
      }
      return { page, errors };
    },
    async close() {
      await Promise.all(pages.map((p) => p.context().close().catch(() => {})));
      await Promise.all([browser.close(), site.close(), hook.close()]);
    },
  };
}

/** Waits until every island marked `load` on the page has mounted. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island][data-hydrate="load"]')].every((m) => m.hasAttribute('data-hydrated')));
}

/** Waits until the islands named have mounted, whatever their `when`. */
export async function islandReady(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => { const ms = document.querySelectorAll(`[data-island="${n}"]`); return ms.length > 0 && [...ms].every((m) => m.hasAttribute('data-hydrated')); }, name);
}

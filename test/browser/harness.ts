// Shared set-up of the browser tests: a stand-in for the quote webhook and the deploy hook (a
// local HTTP server that records requests, answers CORS preflights and replies with the status
// a test chooses), the real site built with that server's URLs, one Chromium, and a page
// factory that collects console errors.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { buildAndServe, launchBrowser, type ServedSite } from '../helpers/browser.ts';

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

/**
 * The hook listens on the run's hook port (test/global-setup.ts chooses it), so every browser
 * file builds the site with the same URLs and they share one build (helpers/browser.ts
 * buildAndServe). Holding the port is also the browser files' turn: one runs at a time, beside
 * the other test files (vitest.config.ts), and the next waits until the port is free.
 */
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
  await listenWhenFree(server, runHookPort());
  const { port } = server.address() as AddressInfo;
  hook.url = `http://127.0.0.1:${port}`;
  hook.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return hook;
}

/** Listens on `port` (0: any), waiting while another browser file of the run holds it. */
async function listenWhenFree(server: Server, port: number): Promise<void> {
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The run's hook port (test/global-setup.ts); 0 (any port) outside a vitest run. */
function runHookPort(): number {
  const runTmp = process.env.STITCH_TEST_TMP;
  try {
    return runTmp ? Number(readFileSync(join(runTmp, 'browser-hook-port'), 'utf8')) || 0 : 0;
  } catch {
    return 0;
  }
}

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export interface Suite {
  site: ServedSite;
  hook: Hook;
  browser: Browser;
  /**
   * A fresh page (own context, the previous one closed) at a viewport, at `path` ('about:blank':
   * not navigated yet); its console errors collect in `errors`.
   */
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
  const [site, browser] = await Promise.all([buildAndServe(env), launchBrowser()]);
  const pages: Page[] = [];
  return {
    site,
    hook,
    browser,
    async open(path, { viewport = DESKTOP, ...contextOptions } = {}) {
      // One page at a time: a page left open keeps playing the hero video and slows the rest.
      await Promise.all(pages.splice(0).map((p) => p.context().close().catch(() => {})));
      const context = await browser.newContext({ viewport, ...contextOptions });
      const page = await context.newPage();
      pages.push(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      if (path !== 'about:blank') {
        // Without JavaScript nothing waits for the stylesheet but the load event.
        await page.goto(site.url + path, { waitUntil: contextOptions.javaScriptEnabled === false ? 'load' : 'domcontentloaded' });
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

/** Types into the quote form's fields that are given (by their accessible names). */
export async function fillForm(form: Locator, values: { name?: string; email?: string; phone?: string; message?: string }): Promise<void> {
  if (values.name !== undefined) await form.getByRole('textbox', { name: 'Name', exact: true }).fill(values.name);
  if (values.email !== undefined) await form.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email);
  if (values.phone !== undefined) await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(values.phone);
  if (values.message !== undefined) await form.getByRole('textbox', { name: 'Message', exact: true }).fill(values.message);
}

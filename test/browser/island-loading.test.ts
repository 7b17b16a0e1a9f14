// When island code loads: an island that hydrates when idle or visible fetches its component
// (and React) only when it is due; an island that hydrates at once loads everything with the
// page, announced by <script type="module"> and <link rel="modulepreload"> (no waterfall, no
// hint for code that loads later).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MOBILE, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });

const ARTICLE = '/blog/importance-professional-leather-repair';

interface Loading {
  page: Page;
  errors: string[];
  /** Island files requested so far (paths). */
  requested: string[];
  /** Island files the page announces: module scripts and modulepreloads (paths). */
  announced: string[];
  /** Runs the idle callbacks held back so far (the page's idle time, on demand). */
  idle(): Promise<void>;
}

/** Opens `path` with requestIdleCallback held back, recording the island files it requests. */
async function openHoldingIdle(path: string, viewport = { width: 1280, height: 900 }): Promise<Loading> {
  const { page, errors } = await suite.open('about:blank', { viewport });
  const requested: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/islands/')) requested.push(pathname);
  });
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    Object.assign(window, {
      __idle: held,
      requestIdleCallback: (cb: () => void) => held.push(cb),
    });
  });
  await page.goto(suite.site.url + path, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  const announced = await page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => new URL(s.src).pathname),
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
  ]);
  const idle = () => page.evaluate(() => { for (const cb of (window as unknown as { __idle: (() => void)[] }).__idle.splice(0)) cb(); });
  return { page, errors, requested, announced, idle };
}

const hydrated = (page: Page, name: string) => page.locator(`[data-island="${name}"]`).first().getAttribute('data-hydrated');

describe('an island that hydrates when idle', () => {
  test('loads its component and React only when the browser is idle, then hydrates and works', async () => {
    const t = await openHoldingIdle(ARTICLE);
    expect(await hydrated(t.page, 'share-button')).toBeNull();
    // Until then the page has fetched exactly what it announces: the small lazy entry and the
    // scheduler, no React.
    expect(t.announced.some((p) => /\/share-button\.lazy-\w+\.js$/.test(p))).toBe(true);
    expect(new Set(t.requested)).toEqual(new Set(t.announced));
    const announcedBytes = await t.page.evaluate((paths) => Promise.all(paths.map((p) => fetch(p).then((r) => r.text()).then((s) => s.length))), t.announced);
    expect(announcedBytes.reduce((a, b) => a + b, 0)).toBeLessThan(5_000);

    await t.idle();
    await t.page.waitForSelector('[data-island="share-button"][data-hydrated="true"]');
    const later = t.requested.filter((p) => !t.announced.includes(p));
    expect(later.some((p) => /\/share-button-\w+\.js$/.test(p)), later.join(', ')).toBe(true);
    await t.page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: (d: ShareData) => { (window as unknown as { __shared: ShareData }).__shared = d; return Promise.resolve(); } }));
    await t.page.getByRole('button', { name: 'Share' }).click();
    await t.page.waitForFunction(() => (window as unknown as { __shared?: ShareData }).__shared?.url === location.href);
    expect(t.errors).toEqual([]);
  });

  test('a tap before then loads it at once, and the tap is not lost', async () => {
    const t = await openHoldingIdle(ARTICLE);
    await t.page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: (d: ShareData) => { (window as unknown as { __shared: ShareData }).__shared = d; return Promise.resolve(); } }));
    expect(await hydrated(t.page, 'share-button')).toBeNull();
    await t.page.getByRole('button', { name: 'Share' }).click();
    await t.page.waitForFunction(() => (window as unknown as { __shared?: ShareData }).__shared?.url === location.href);
    expect(await hydrated(t.page, 'share-button')).toBe('true');
    expect(t.errors).toEqual([]);
  });

  test('a failed load of its code is logged, and the server HTML stays', async () => {
    const t = await openHoldingIdle(ARTICLE);
    await t.page.route(/\/assets\/islands\/share-button-\w+\.js$/, (route) => route.abort());
    await t.idle();
    await expect.poll(() => t.errors.some((e) => e.includes('Island "share-button" failed to start'))).toBe(true);
    expect(await hydrated(t.page, 'share-button')).toBeNull();
    expect(await t.page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
  });
});

describe('an island that hydrates when visible', () => {
  test('loads its component only when it comes near the viewport', async () => {
    const t = await openHoldingIdle('/', MOBILE);
    const files = (name: string) => t.requested.filter((p) => new RegExp(`/${name}-\\w+\\.js$`).test(p));
    // The hero's quote dialog is in view: it loads and hydrates after the first paint. The
    // carousel far below and the idle hero video wait.
    await t.page.waitForSelector('[data-island="quote-dialog"][data-hydrated="true"]');
    expect(files('quote-dialog')).toHaveLength(1);
    expect(t.announced.some((p) => /\/quote-dialog-\w+\.js$/.test(p))).toBe(false);
    expect(await hydrated(t.page, 'testimonials')).toBeNull();
    expect(files('testimonials')).toEqual([]);
    expect(files('hero-video')).toEqual([]);

    await t.page.locator('[data-island="testimonials"]').scrollIntoViewIfNeeded();
    await t.page.waitForSelector('[data-island="testimonials"][data-hydrated="true"]');
    expect(files('testimonials')).toHaveLength(1);
    expect(t.errors).toEqual([]);
  });
});

describe('the contact form (visible: in view at the first paint)', () => {
  test('loads its code after the page and hydrates at once; a tap on its button meanwhile opens the dialog', async () => {
    const { page, errors } = await suite.open('about:blank', { viewport: MOBILE });
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/islands\/contact-quote-\w+\.js$/, async (route) => { await held; await route.continue(); });
    await page.goto(`${suite.site.url}/contact`, { waitUntil: 'load' });
    expect(await hydrated(page, 'contact-quote')).toBeNull();
    await page.getByRole('button', { name: 'Request a Free Quote' }).click();
    release();
    await page.getByRole('dialog', { name: 'Request a Quote' }).waitFor();
    expect(await hydrated(page, 'contact-quote')).toBe('true');
    expect(errors).toEqual([]);
  });
});

describe('the blog listing', () => {
  test('its code (React) is not loaded with the page, so it does not delay the first paint; it hydrates once in view', async () => {
    const t = await openHoldingIdle('/blog');
    expect(await t.page.locator('script[type="module"]').evaluateAll((s) => s.map((e) => e.getAttribute('src')).every((src) => /\.lazy-/.test(src ?? '')))).toBe(true);
    expect(t.announced.some((u) => /blog-listing-/.test(u))).toBe(false);
    await t.page.locator('[data-island="blog-listing"][data-hydrated="true"]').waitFor();
  });
});

describe('islands that hydrate at once', () => {
  for (const path of ['/admin/rebuild', '/404.html']) {
    test(`load with the page, every file announced (${path})`, async () => {
      const t = await openHoldingIdle(path);
      const eager = await t.page.locator('[data-island][data-hydrate="load"]').count();
      expect(eager).toBeGreaterThan(0);
      expect(await t.page.locator('[data-island][data-hydrate="load"]:not([data-hydrated])').count()).toBe(0);
      // Everything fetched was announced up front: no request waits for another (no waterfall).
      expect(new Set(t.requested)).toEqual(new Set(t.announced));
    });
  }
});

// Rebuild page, share button, hero video, testimonials carousel, not-found page, the island
// runtime's rules, and no console errors on any page but the not-found page at 390 px (at
// 1280 px csp.test.ts visits every page of the site and asserts the same).
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, islandReady, MOBILE, resetHook, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });
afterEach(() => resetHook(suite.hook));

const ARTICLE = '/blog/importance-professional-leather-repair';

describe('rebuild page', () => {
  test("busy: disabled, spinner and 'Triggering Rebuild...'; a 2xx from the hook shows 'Success!'", async () => {
    suite.hook.delay = 800;
    const { page, errors } = await suite.open('/admin/rebuild');
    await page.getByRole('button', { name: 'Trigger Site Rebuild' }).click();
    const busy = page.getByRole('button', { name: 'Triggering Rebuild...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await busy.locator('.spinner').count()).toBe(1);
    await page.getByText('Success!', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Trigger Site Rebuild' }).isEnabled()).toBe(true);
    expect(suite.hook.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /deploy']);
    expect(errors).toEqual([]);
  });

  test("a failing hook shows 'Error', never 'Success!'", async () => {
    suite.hook.status = 500;
    const { page } = await suite.open('/admin/rebuild');
    await page.getByRole('button', { name: 'Trigger Site Rebuild' }).click();
    const result = page.locator('.rebuild-result');
    await result.waitFor();
    expect(await result.locator('.rebuild-result-title').textContent()).toBe('Error');
    expect(await result.textContent()).toContain('500');
  });

  test("an unknown failure (no answer) shows 'Unknown error occurred'", async () => {
    suite.hook.drop = true;
    const { page } = await suite.open('/admin/rebuild');
    await page.getByRole('button', { name: 'Trigger Site Rebuild' }).click();
    await page.getByText('Unknown error occurred', { exact: true }).waitFor();
    expect(await page.locator('.rebuild-result-title').textContent()).toBe('Error');
  });
});

describe('share button', () => {
  test('uses the native share with title, description and URL when the device has it', async () => {
    const t = await suite.open('about:blank');
    await t.page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: (data: ShareData) => { (window as any).__shared = data; return Promise.resolve(); } });
    });
    await t.page.goto(suite.site.url + ARTICLE);
    await islandReady(t.page, 'share-button');
    let alerted = false;
    t.page.on('dialog', (d) => { alerted = true; void d.dismiss(); });
    await t.page.getByRole('button', { name: 'Share' }).click();
    await t.page.waitForFunction(() => (window as any).__shared);
    const shared = await t.page.evaluate(() => (window as any).__shared);
    expect(shared.url).toBe(suite.site.url + ARTICLE);
    expect(shared.title).toBe(await t.page.locator('h1').textContent());
    expect(typeof shared.text).toBe('string');
    expect(shared.text.length).toBeGreaterThan(20);
    expect(alerted).toBe(false);
    expect(t.errors).toEqual([]);
  });

  test("without native share: copies the URL and alerts 'Link copied to clipboard!'", async () => {
    const t = await suite.open('about:blank', { permissions: ['clipboard-read', 'clipboard-write'] });
    await t.page.addInitScript(() => { Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }); });
    await t.page.goto(suite.site.url + ARTICLE);
    await islandReady(t.page, 'share-button');
    const alert = new Promise<string>((resolve) => t.page.once('dialog', (d) => { resolve(d.message()); void d.accept(); }));
    await t.page.getByRole('button', { name: 'Share' }).click();
    expect(await alert).toBe('Link copied to clipboard!');
    expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe(suite.site.url + ARTICLE);
    expect(t.errors).toEqual([]);
  });

  test('a clipboard failure is only logged: no alert', async () => {
    const t = await suite.open('about:blank');
    await t.page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await t.page.goto(suite.site.url + ARTICLE);
    await islandReady(t.page, 'share-button');
    let alerted = false;
    t.page.on('dialog', (d) => { alerted = true; void d.dismiss(); });
    await t.page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => t.errors.length).toBe(1);
    expect(t.errors[0]).toContain('Could not copy the link');
    expect(alerted).toBe(false);
  });

  test('is hidden without JavaScript', async () => {
    const { page } = await suite.open(ARTICLE, { javaScriptEnabled: false });
    expect(await page.locator('.share-button').isVisible()).toBe(false);
  });
});

describe('hero video', () => {
  const video = (page: Page) => page.locator('.hero-video video');

  test('the poster is the first paint: without JavaScript no clip is loaded', async () => {
    const { page } = await suite.open('/', { javaScriptEnabled: false });
    expect(await video(page).getAttribute('poster')).toMatch(/\.(jpg|jpeg|png|webp|avif)$/);
    expect(await video(page).getAttribute('src')).toBeNull();
    expect(await page.locator('.hero-video').evaluate((el) => el.closest('[aria-hidden="true"]') !== null || el.querySelector('video')!.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  test('plays the two clips in sequence at 0.75, muted and inline', async () => {
    const { page, errors } = await suite.open('/');
    await islandReady(page, 'hero-video');
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('.hero-video video')?.getAttribute('src'));
    const state = () => video(page).evaluate((v: HTMLVideoElement) => ({ src: v.getAttribute('src'), rate: v.playbackRate, muted: v.muted, inline: v.playsInline, loop: v.loop }));
    expect(await state()).toEqual({ src: '/videos/hero-1.mp4', rate: 0.75, muted: true, inline: true, loop: false });
    await video(page).evaluate((v) => v.dispatchEvent(new Event('ended')));
    await expect.poll(async () => (await state()).src).toBe('/videos/hero-2.mp4');
    expect((await state()).rate).toBe(0.75);
    await video(page).evaluate((v) => v.dispatchEvent(new Event('ended')));
    await expect.poll(async () => (await state()).src).toBe('/videos/hero-1.mp4');
    expect(errors).toEqual([]);
  });

  test('with prefers-reduced-motion the poster stays', async () => {
    const { page } = await suite.open('/', { reducedMotion: 'reduce' });
    await islandReady(page, 'hero-video');
    expect(await video(page).getAttribute('src')).toBeNull();
    expect(await video(page).getAttribute('poster')).toBeTruthy();
  });

  test('a button pauses and resumes the clip', async () => {
    const { page } = await suite.open('/');
    await islandReady(page, 'hero-video');
    // Keyboard: the hero's overlay sits above the video layer (see the report to Pages).
    await page.getByRole('button', { name: /^Pause / }).focus();
    await page.keyboard.press('Enter');
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole('button', { name: /^Play / }).waitFor();
  });
});

describe('testimonials carousel', () => {
  async function openCarousel(options: Parameters<Suite['open']>[1] = {}) {
    const t = await suite.open('about:blank', options);
    // Time stands still unless a test moves it.
    await t.page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
    await t.page.clock.pauseAt(new Date('2026-01-01T10:00:01Z'));
    await t.page.goto(suite.site.url + '/');
    const carousel = t.page.getByRole('region', { name: 'Customer testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    await t.page.waitForFunction(() => document.querySelector('[data-island="testimonials"]')?.hasAttribute('data-hydrated'), undefined, { polling: 50 });
    await t.page.mouse.move(0, 0);
    const index = () => carousel.locator('.testimonials-track').evaluate((el) => Number(el.getAttribute('data-index')));
    return { ...t, carousel, index };
  }

  test('the list is duplicated for looping; copies are hidden from assistive technology; stars have text', async () => {
    const { carousel, errors } = await openCarousel();
    const slides = carousel.locator('.testimonial');
    const n = await carousel.locator('.testimonial:not([aria-hidden])').count();
    expect(n).toBeGreaterThan(1);
    expect(await slides.count()).toBe(2 * n);
    expect(await carousel.locator('.testimonial[aria-hidden="true"]').count()).toBe(n);
    expect(await carousel.getByRole('img', { name: '5 out of 5 stars' }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('advances one slide every 6000 ms', async () => {
    const { page, index } = await openCarousel();
    expect(await index()).toBe(0);
    await page.clock.runFor(5900);
    expect(await index()).toBe(0);
    await page.clock.runFor(200);
    await expect.poll(index).toBe(1);
    await page.clock.runFor(6000);
    await expect.poll(index).toBe(2);
  });

  test('pauses while hovered and while focused', async () => {
    const { page, carousel, index } = await openCarousel();
    await carousel.hover();
    await page.clock.runFor(13000);
    expect(await index()).toBe(0);
    await page.mouse.move(0, 0);
    await carousel.getByRole('button', { name: 'Next testimonial' }).focus();
    await page.clock.runFor(13000);
    expect(await index()).toBe(0);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.clock.runFor(6100);
    await expect.poll(index).toBe(1);
  });

  test('pauses under prefers-reduced-motion', async () => {
    const { page, index } = await openCarousel({ reducedMotion: 'reduce' });
    await page.clock.runFor(20000);
    expect(await index()).toBe(0);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`previous and next move one slide and loop (${viewport.width} px)`, async () => {
      const { page, carousel, index } = await openCarousel({ viewport });
      const n = await carousel.locator('.testimonial:not([aria-hidden])').count();
      await carousel.getByRole('button', { name: 'Next testimonial' }).click();
      expect(await index()).toBe(1);
      await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
      expect(await index()).toBe(0);
      await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
      await page.clock.runFor(100);
      await expect.poll(index).toBe(n - 1);
      await carousel.getByRole('button', { name: 'Next testimonial' }).click();
      await page.clock.runFor(1000);
      await expect.poll(index).toBe(0);
      // The shown slide is in view.
      const box = (await carousel.locator('.testimonial').first().boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    });
  }
});

describe('not-found page', () => {
  const cases: [string, string][] = [
    ['/services/no-such-category', 'Category not found'],
    ['/services/automotive-upholstery/no-such-service', 'Service not found'],
    ['/detailing-services/no-such-service', 'Service not found'],
    ['/locations/no-such-town', 'Location not found'],
  ];
  for (const [path, message] of cases) {
    test(`${path}: '${message}', the path kept in the address bar, the miss logged`, async () => {
      const { page, errors } = await suite.open(path);
      await page.locator('.not-found-message', { hasText: message }).waitFor();
      expect(await page.locator('.not-found-message').textContent()).toBe(message);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(errors.some((e) => e.includes(path))).toBe(true);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    });
  }

  test("/blog/<unknown>: 'Article not found.' with '← Back to Blog', then replaced by /blog", async () => {
    const t = await suite.open('about:blank');
    await t.page.goto(suite.site.url + '/');
    await t.page.goto(suite.site.url + '/blog/no-such-article');
    await t.page.getByText('Article not found.', { exact: true }).waitFor();
    expect(await t.page.getByRole('link', { name: '← Back to Blog' }).getAttribute('href')).toBe('/blog');
    await t.page.waitForURL(`${suite.site.url}/blog`);
    // The location was replaced: Back goes to the page before the missing article.
    await t.page.goBack();
    expect(new URL(t.page.url()).pathname).toBe('/');
  });

  test('another path gets a general message', async () => {
    const { page } = await suite.open('/no/such/page');
    expect(await page.locator('.not-found-message').textContent()).toContain("couldn't find");
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
  });

  test('prefix redirects replace the location when the host has no _redirects', async () => {
    const redirects = join(suite.site.dir, '_redirects');
    renameSync(redirects, `${redirects}.off`);
    try {
      const t = await suite.open('about:blank');
      await t.page.goto(suite.site.url + '/furniture-upholstery/old-sofa-page');
      await t.page.waitForURL(`${suite.site.url}/services/automotive-upholstery`);
    } finally {
      renameSync(`${redirects}.off`, redirects);
    }
  });
});

describe('island runtime', () => {
  /** Serves an edited copy of the rebuild page at /__test/<name> (a page the host really serves). */
  const variant = (name: string, edit: (html: string) => string) => {
    const html = readFileSync(join(suite.site.dir, 'admin/rebuild/index.html'), 'utf8');
    const edited = edit(html);
    expect(edited).not.toBe(html);
    mkdirSync(join(suite.site.dir, '__test', name), { recursive: true });
    writeFileSync(join(suite.site.dir, '__test', name, 'index.html'), edited);
    return `/__test/${name}`;
  };

  test("a marker without its root logs 'Root element not found' and the other islands still start", async () => {
    const path = variant('missing-root', (html) => html.replace('<div data-island="rebuild-trigger"', '<div data-island="rebuild-trigger" data-hydrate="load"></div><div data-island="rebuild-trigger"'));
    const t = await suite.open('about:blank');
    await t.page.goto(suite.site.url + path);
    await t.page.locator('[data-island="rebuild-trigger"][data-hydrated]').waitFor();
    expect(t.errors).toContain('Root element not found');
    await t.page.getByRole('button', { name: 'Trigger Site Rebuild' }).click();
    await t.page.getByText('Success!', { exact: true }).waitFor();
  });

  test('a root not flagged server-rendered is rendered on the client', async () => {
    const path = variant('not-flagged', (html) => html.replace(/(<div data-island="rebuild-trigger"[^>]*><div data-island-root="")\s*data-server-rendered="true"/, '$1'));
    const t = await suite.open(path);
    await t.page.getByRole('button', { name: 'Trigger Site Rebuild' }).click();
    await t.page.getByText('Success!', { exact: true }).waitFor();
    expect(await t.page.locator('[data-island="rebuild-trigger"] .rebuild-button').count()).toBe(1);
    expect(t.errors).toEqual([]);
  });

  test('server HTML that does not match is replaced by a client render', async () => {
    const path = variant('mismatch', (html) => html.replace('Trigger Site Rebuild</button>', 'Stale text from an old build</button>'));
    const t = await suite.open(path);
    await t.page.getByRole('button', { name: 'Trigger Site Rebuild' }).waitFor();
    expect(await t.page.getByText('Stale text from an old build').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });
});

describe('every page', () => {
  const paths = ['/', '/about', '/gallery', '/services/automotive-upholstery', '/services/automotive-upholstery/car-seat-reupholstery', '/detailing-services', '/detailing-services/leather-detailing', '/locations', '/locations/albuquerque', '/contact', '/blog', ARTICLE, '/privacy', '/terms', '/admin/rebuild'];
  test('no console errors, every island started (390 px)', async () => {
    const context = await suite.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    try {
      for (const path of paths) {
        await page.goto(suite.site.url + path);
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) { scrollTo(0, y); await new Promise((r) => setTimeout(r, 30)); }
        });
        // An island whose media query does not match (the contact form on a phone) waits for a tap.
        await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island]')]
          .every((m) => m.hasAttribute('data-hydrated') || (m.dataset.hydrateMedia && !matchMedia(m.dataset.hydrateMedia).matches)), undefined, { timeout: 20_000 })
          .catch(async () => { throw new Error(`${path}: islands not started: ${await page.locator('[data-island]:not([data-hydrated])').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-island')).join(', '))}`); });
      }
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);
});

test('JavaScript budget: at most 75 KB (gzip) per page, React included, as deferred modules; none on pages without islands', () => {
  const dir = suite.site.dir;
  const html = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') && !f.startsWith('__test'));
  const sizes = new Map<string, number>();
  const gz = (url: string) => sizes.get(url) ?? sizes.set(url, gzipSync(readFileSync(join(dir, url))).length).get(url)!;
  /**
   * The module at `url` and the modules it imports, also those a lazy island entry imports
   * later (idle and visible islands load their code within seconds, unasked); code loaded on
   * a visitor's action (the quote dialog's form) is not counted.
   */
  const withImports = (url: string, seen: Set<string>) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(join(dir, url), 'utf8');
    const imports = /\.lazy-\w+\.js$/.test(url) ? /(?:from|import)\s*\(?\s*"(\.\/[^"]+\.js)"/g : /(?:from|import)\s*"(\.\/[^"]+\.js)"/g;
    for (const m of code.matchAll(imports)) withImports(new URL(m[1], `http://x${url}`).pathname, seen);
  };
  let largest = 0;
  for (const file of html) {
    const text = readFileSync(join(dir, file), 'utf8');
    const announced = [...text.matchAll(/<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    expect(text, file).not.toMatch(/<script src=/);
    const islands = (text.match(/data-island="/g) ?? []).length;
    if (islands === 0) expect(announced, file).toEqual([]);
    const urls = new Set<string>();
    for (const url of announced) withImports(url, urls);
    const total = [...urls].reduce((sum, url) => sum + gz(url), 0);
    expect(total, file).toBeLessThanOrEqual(75 * 1024);
    largest = Math.max(largest, total);
  }
  expect(largest).toBeGreaterThan(0);
});

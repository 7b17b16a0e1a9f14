// The Content-Security-Policy of _headers, as the preview server sends it: every page of the
// real site (redirect stubs and the 404 page included) loads, hydrates its islands and shows
// its images and map frames in Chromium with no violation (and, at 1280 px, no console error
// but on the missing pages), and the quote form and the rebuild button reach their
// (cross-origin) hooks under it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fillForm, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
beforeAll(async () => { suite = await setUpSuite(); });
afterAll(async () => { await suite?.close(); });

/** URL paths of every HTML file of the built site: `about/index.html` → `/about`. */
function sitePaths(dir: string): string[] {
  const paths: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name === 'index.html') paths.push(`/${relative(dir, d)}`.replace(/\/$/, '') || '/');
    }
  };
  walk(dir);
  return paths.sort();
}

/**
 * A page whose CSP violations (events and console reports) collect in `violations`, and its
 * console errors in `errors`, across navigations.
 */
async function watchedPage(): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const { page, errors } = await suite.open('about:blank');
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`${page.url()}: ${text}`));
  // Init scripts run in every document whatever its policy.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`);
    });
  });
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  return { page, violations, errors };
}

/** Loads `path` as a visitor would: every island mounted, scrolled to the end, images and frames loaded. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(suite.site.url + path, { waitUntil: 'load' });
  expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((m) => m.hasAttribute('data-hydrated')));
  // Down a screen at a time, so every lazy image comes near the viewport, as for a visitor.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise(requestAnimationFrame);
    }
    scrollTo(0, document.documentElement.scrollHeight);
    // A lazy image that pass went by before the browser saw it intersect is brought into view on its own.
    for (const image of [...document.images].filter((i) => !i.complete)) {
      image.scrollIntoView();
      await new Promise(requestAnimationFrame);
    }
  });
  for (const frame of await page.locator('iframe').all()) await frame.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  await Promise.all(page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.waitForLoadState('load')));
}

describe('Content-Security-Policy', () => {
  test('every page of the real site loads under it with no violation, and with no console error', async () => {
    const { page, violations, errors } = await watchedPage();
    const paths = sitePaths(suite.site.dir);
    expect(paths.length).toBeGreaterThan(100);
    // Exact redirects (`/from /to 301`): their stub pages must end up at the target.
    const stubs = new Map(readFileSync(join(suite.site.dir, '_redirects'), 'utf8').split('\n')
      .map((l) => l.split(' ')).filter((f) => f.length === 3 && !f[0].endsWith('*')).map(([from, to]) => [from, to]));
    const missing = ['/no-such-page', '/blog/no-such-post'];
    for (const path of [...paths, ...missing]) {
      await visit(page, path);
      if (stubs.has(path)) await page.waitForURL(suite.site.url + stubs.get(path));
      expect(violations, path).toEqual([]);
      // The missing pages log the miss (widgets.test.ts); they come last.
      if (!missing.includes(path)) expect(errors, path).toEqual([]);
    }
  }, 900_000);

  test('the quote form and the rebuild button reach their hooks on another origin', async () => {
    const { page, violations } = await watchedPage();
    await visit(page, '/contact');
    const form = page.locator('.contact-quote-inline form');
    await fillForm(form, { name: 'Ann', email: 'ann@example.com', phone: '505' });
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Request Free Quote' }).click();
    await page.locator('.toast', { hasText: 'Message sent successfully!' }).waitFor();
    await visit(page, '/admin/rebuild');
    await page.getByRole('button', { name: 'Trigger Site Rebuild' }).click();
    await page.getByText('Success!').waitFor();
    expect(suite.hook.requests.map((r) => r.path)).toEqual(['/quote', '/deploy']);
    expect(violations).toEqual([]);
  });
});

// stitch dev in real Chromium: the page reloads itself after an edit, a failed build shows the
// overlay and fixing it clears it, a stylesheet change applies without a reload, and the quote
// inbox takes posts from the dev server's own pages only.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { createDevServer, type DevServer } from '../src/dev/dev-server.ts';
import { tempProject } from './dev-project.ts';
import { launchBrowser } from './helpers/browser.ts';

const SLUG = 'signs-leather-seats-need-repair';

let root: string;
let dev: DevServer;
let browser: Browser;
let page: Page;
const post = () => join(root, 'content/blog', `${SLUG}.md`);

/** Marks the page's JavaScript state: a reload clears the mark. */
const mark = () => page.evaluate(() => ((window as unknown as { stitchMark: boolean }).stitchMark = true));
const marked = () => page.evaluate(() => (window as unknown as { stitchMark?: boolean }).stitchMark === true);

beforeAll(async () => {
  root = tempProject();
  const config = resolveConfig({ root, mode: 'development' }, { SOURCE_DATE_EPOCH: '1767225600' }, root);
  [dev, browser] = await Promise.all([createDevServer(config, { port: 0, host: '127.0.0.1', log: () => {} }), launchBrowser()]);
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('stitch dev in the browser', () => {
  it('reloads the open page after an edit, with no manual refresh', async () => {
    await page.goto(`${dev.url}/blog/${SLUG}`);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(300); // the EventSource connects
    await mark();
    writeFileSync(post(), readFileSync(post(), 'utf8').replace(/^title: .*$/m, 'title: "Leather Seats, Read the Signs"'));
    await page.waitForFunction(() => document.title.startsWith('Leather Seats, Read the Signs'), undefined, { timeout: 20_000 });
    expect(await marked()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Leather Seats, Read the Signs');
  });

  it('shows a failed build as an overlay with file, line, code frame and hint; fixing it clears it', async () => {
    await page.waitForTimeout(300);
    const good = readFileSync(post(), 'utf8');
    writeFileSync(post(), good.replace(/^date: .*$/m, 'date: 2024-02-30'));
    const overlay = page.getByRole('alertdialog', { name: 'Build failed' });
    await overlay.waitFor({ timeout: 20_000 });
    const text = await overlay.innerText();
    expect(text).toContain(`content/blog/${SLUG}.md:4:7`);
    expect(text).toContain('> 4 | date: 2024-02-30');
    expect(text).toContain('hint:');

    writeFileSync(post(), good);
    await overlay.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.title()).toContain('Leather Seats, Read the Signs');
  });

  it('applies a stylesheet change without reloading the page', async () => {
    await page.waitForTimeout(300);
    await mark();
    const css = join(root, 'templates/styles/index.css');
    writeFileSync(css, `${readFileSync(css, 'utf8')}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)', undefined, { timeout: 20_000 });
    expect(await marked()).toBe(true);
  });

  it('takes quotes posted by its own pages and refuses those of another site open in the browser', async () => {
    const inbox = join(root, '.stitch/quotes.jsonl');
    const sent = (name: string) => JSON.stringify({ name, email: 'q@example.com', phone: '505-555-0100', message: 'Chairs.', domain: 'localhost' });
    await page.goto(`${dev.url}/contact`);
    const own = await page.evaluate((body) => fetch('/__stitch/quote', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).then((r) => r.status), sent('Own Page'));
    expect(own).toBe(200);
    // Another origin (localhost instead of 127.0.0.1) posting without a preflight, as a form would.
    const other = await browser.newPage();
    await other.goto(dev.url.replace('127.0.0.1', 'localhost') + '/about');
    await other.evaluate(({ url, body }) => fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }).catch(() => undefined), { url: `${dev.url}/__stitch/quote`, body: sent('Other Site') });
    const withPreflight = await other.evaluate(({ url, body }) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).then((r) => r.status, () => 'blocked'), { url: `${dev.url}/__stitch/quote`, body: sent('Other Site') });
    expect(withPreflight).toBe('blocked');
    await other.close();
    const names = readFileSync(inbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l).name);
    expect(names).toContain('Own Page');
    expect(names).not.toContain('Other Site');
  });
});

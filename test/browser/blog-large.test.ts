// A blog much larger than the real one: /blog stays light (the page carries the first screen of
// posts, the island fetches the rest when a visitor needs them) and every article stays
// reachable without JavaScript through the archive pages.
import { gzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ARCHIVE_PAGE_SIZE, LISTING_INLINE_LIMIT, type PostSummary } from '../../src/routes/route-table.ts';
import { buildAndServe, launchBrowser, type ServedSite } from '../helpers/browser.ts';
import { contentTree } from '../helpers/build-site.ts';

const EXTRA = 250;
const pad = (n: number) => String(n).padStart(3, '0');

function extraPost(n: number): string {
  // Older than every real post, one a day back from the end of 2020.
  const date = new Date(Date.UTC(2020, 11, 31) - n * 86_400_000).toISOString().slice(0, 10);
  return `---
title: "Archive Test Post ${pad(n)}"
description: "A synthetic article number ${pad(n)} about re-covering a ${n % 2 ? 'wingback chair' : 'truck bench seat'} in leather."
date: ${date}
author: "Test Author"
tags:
  - archive-test
  - ${n % 2 ? 'odd-post' : 'even-post'}
---

Article ${pad(n)} explains how we measure, pattern and stitch a new cover.
`;
}

let site: ServedSite;
let browser: Browser;
let all: PostSummary[];
let open: Page[] = [];

async function visit(path: string, javaScriptEnabled = true) {
  await Promise.all(open.splice(0).map((p) => p.context().close().catch(() => {})));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  const page = await context.newPage();
  open.push(page);
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url + path, { waitUntil: 'load' });
  if (javaScriptEnabled) await page.waitForSelector('[data-island="blog-listing"][data-hydrated]');
  return { page, errors };
}

beforeAll(async () => {
  const files = Object.fromEntries(Array.from({ length: EXTRA }, (_, i) => [`blog/archive-test-post-${pad(i + 1)}.md`, extraPost(i + 1)]));
  [site, browser] = await Promise.all([buildAndServe({}, contentTree(files, 'content')), launchBrowser()]);
  all = JSON.parse(readFileSync(join(site.dir, 'blog/posts.json'), 'utf8'));
}, 240_000);

afterAll(async () => {
  await Promise.all(open.map((p) => p.context().close().catch(() => {})));
  await Promise.all([browser?.close(), site?.close()]);
});

const cardTitles = (page: Page) => page.locator('.bl-card h3').allTextContents();

describe('a large blog', { timeout: 120_000 }, () => {
  test('/blog carries only the first screen of posts and stays under the HTML budget', () => {
    const html = readFileSync(join(site.dir, 'blog/index.html'), 'utf8');
    const { document } = parseHTML(html);
    const props = JSON.parse(document.querySelector('[data-island="blog-listing"] script[data-island-props]')!.textContent!) as { posts: PostSummary[]; total: number; index: string };
    expect(all.length).toBeGreaterThan(EXTRA);
    expect(props.total).toBe(all.length);
    expect(props.index).toBe('/blog/posts.json');
    expect(props.posts.map((p) => p.slug)).toEqual(all.slice(0, 7).map((p) => p.slug));
    expect(gzipSync(html).length).toBeLessThan(50 * 1024);
  });

  test('without JavaScript every article is reachable: the newest on /blog, all of them through the archive pages', async () => {
    const { page } = await visit('/blog', false);
    const listed = await page.locator('.all-articles .article-index a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(listed).toEqual(all.slice(0, LISTING_INLINE_LIMIT).map((p) => `/blog/${p.slug}`));
    const archive = await page.locator('.all-articles .article-archive a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(archive).toEqual(Array.from({ length: Math.ceil(all.length / ARCHIVE_PAGE_SIZE) }, (_, i) => `/blog/archive/${i + 1}`));
    const reached: string[] = [];
    for (const href of archive) {
      const { page: p } = await visit(href!, false);
      expect(await p.locator('h1').textContent()).toBe('All Articles');
      expect(await p.locator(`.article-archive a[aria-current="page"]`).getAttribute('href')).toBe(href);
      reached.push(...await p.locator('.article-index a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!)));
    }
    expect(reached).toEqual(all.map((p) => `/blog/${p.slug}`));
  });

  test('the first page shows without fetching anything; page 2 and the last page come from the index', async () => {
    const { page, errors } = await visit('/blog');
    const fetched: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('/blog/posts.json')) fetched.push(r.url()); });
    expect(await cardTitles(page)).toEqual(all.slice(1, 7).map((p) => p.title));
    const last = Math.ceil((all.length - 1) / 6);
    expect(await page.locator('.pagination ul li').allTextContents()).toEqual(['1', '2', '…', String(last)]);
    expect(fetched).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction((title) => document.querySelector('.bl-card h3')?.textContent === title, all[7].title);
    expect(await cardTitles(page)).toEqual(all.slice(7, 13).map((p) => p.title));
    expect(fetched).toHaveLength(1);
    await page.getByRole('button', { name: `Page ${last}` }).click();
    await page.waitForFunction((title) => document.querySelector('.bl-card h3')?.textContent === title, all[1 + (last - 1) * 6].title);
    expect(await cardTitles(page)).toEqual(all.slice(1 + (last - 1) * 6).map((p) => p.title));
    expect(fetched).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('search and topics work over every post, old ones included, and ?tag= on arrival', async () => {
    const { page, errors } = await visit('/blog');
    await page.getByPlaceholder('Search articles by keyword or topic...').fill('Archive Test Post 217');
    await page.waitForFunction(() => document.querySelectorAll('.bl-card').length === 1);
    expect(await cardTitles(page)).toEqual(['Archive Test Post 217']);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.locator('.blog-topic', { hasText: /^Odd Post$/ }).click();
    expect(await page.locator('#blog-latest-title').textContent()).toBe('Articles tagged odd-post');
    const odd = all.filter((p) => p.tags.includes('odd-post'));
    expect(await cardTitles(page)).toEqual(odd.slice(0, 6).map((p) => p.title));
    expect(await page.locator('.pagination ul li').last().textContent()).toBe(String(Math.ceil(odd.length / 6)));
    expect(new URL(page.url()).search).toBe('?tag=odd-post');
    const arrived = await visit('/blog?tag=even-post');
    await arrived.page.waitForFunction(() => document.querySelector('#blog-latest-title')?.textContent === 'Articles tagged even-post' && document.querySelectorAll('.bl-card').length > 0);
    expect(await cardTitles(arrived.page)).toEqual(all.filter((p) => p.tags.includes('even-post')).slice(0, 6).map((p) => p.title));
    expect([...errors, ...arrived.errors]).toEqual([]);
  });

  test('a failed index load says so and points to the plain list, logging the error', async () => {
    const { page } = await visit('/blog');
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.route('**/blog/posts.json', (route) => route.fulfill({ status: 500, body: 'nope' }));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('The articles could not be loaded.').waitFor();
    expect(errors.some((e) => e.includes('Could not load the articles'))).toBe(true);
    // Once the index answers again, 'Try again' shows the page asked for.
    await page.unroute('**/blog/posts.json');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction((title) => document.querySelector('.bl-card h3')?.textContent === title, all[7].title);
  });
});

// The blog listing island on /blog: search, topics, both combined, the tag query parameter,
// featured article, cards, pagination, empty states. Expectations come from the island's own
// props (the posts as built), so the tests follow the content.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PostSummary } from '../../src/routes/route-table.ts';
import { MOBILE, setUpSuite, type Suite } from './harness.ts';

let suite: Suite;
let posts: PostSummary[];
let tags: string[];
/** site.yaml's tagLabels, as the island was given them. */
let tagLabels: Record<string, string> = {};

/** The spec's rule (each hyphen-separated word capitalised), unless site.yaml names the tag's label. */
const rule = (tag: string) => tag.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
const label = (tag: string) => tagLabels[tag] ?? rule(tag);

beforeAll(async () => {
  suite = await setUpSuite({ withHooks: false });
  const { page } = await suite.open('/blog');
  ({ posts, tags, tagLabels = {} } = JSON.parse((await page.locator('[data-island="blog-listing"] script[data-island-props]').textContent())!));
  expect(posts.length).toBeGreaterThan(13);
});
afterAll(async () => { await suite?.close(); });

const cardTitles = (page: Page) => page.locator('.bl-card h3').allTextContents();
const latestHeading = (page: Page) => page.locator('#blog-latest-title').textContent();
const pageButtons = (page: Page) => page.locator('.pagination ul li').allTextContents();
const search = (page: Page) => page.getByPlaceholder('Search articles by keyword or topic...');
const topic = (page: Page, tag: string) => page.locator('.blog-topic', { hasText: new RegExp(`^${label(tag)}$`) });
const query = (page: Page) => new URL(page.url()).search;
const pages = (n: number) => Math.ceil(n / 6);

describe('blog listing', () => {
  test('first page: featured article, Latest Articles with six cards, numbered pages', async () => {
    const { page, errors } = await suite.open('/blog');
    const featured = page.locator('.blog-featured');
    expect(await featured.getByRole('heading', { name: 'Featured Article' }).isVisible()).toBe(true);
    expect(await featured.locator('h3').textContent()).toBe(posts[0].title);
    expect(await featured.locator('.bl-tags li').allTextContents()).toEqual(posts[0].tags.slice(0, 3).map(label));
    expect(await featured.getByRole('link', { name: 'Read Article' }).getAttribute('href')).toBe(`/blog/${posts[0].slug}`);
    expect(await latestHeading(page)).toBe('Latest Articles');
    // The featured article is not repeated in the grid.
    expect(await cardTitles(page)).toEqual(posts.slice(1, 7).map((p) => p.title));
    const card = page.locator('.bl-card').first();
    const post = posts[1];
    expect(await card.locator('.bl-tags li').allTextContents()).toEqual(post.tags.slice(0, 2).map(label));
    expect(await card.locator('p').first().textContent()).toBe(post.description);
    expect(await card.locator('.bl-meta').textContent()).toBe(`${post.dateLabel} · ${post.readingTime} min read`);
    expect(await card.getByRole('link', { name: 'Continue Reading →' }).getAttribute('href')).toBe(`/blog/${post.slug}`);
    expect(await card.getByRole('link', { name: post.title }).getAttribute('href')).toBe(`/blog/${post.slug}`);
    const total = pages(posts.length - 1);
    expect(await pageButtons(page)).toEqual(['1', '2', '…', String(total)]);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  test("topics: 'Filter by topic:' with the sorted unique tags, each hyphen-separated word capitalised", async () => {
    const { page } = await suite.open('/blog');
    expect(await page.getByText('Filter by topic:', { exact: true }).isVisible()).toBe(true);
    const unique = [...new Set(posts.flatMap((p) => p.tags))].sort();
    expect(tags).toEqual(unique);
    expect(await page.locator('.blog-topic').allTextContents()).toEqual(unique.map(label));
    expect(label('car-interior')).toBe('Car Interior');
    expect(label('diy')).toBe('DIY'); // site.yaml's tagLabels
  });

  test('Next, Previous and page numbers: featured only on page 1, ends disabled, neighbours and ellipses', async () => {
    const { page } = await suite.open('/blog');
    const total = pages(posts.length - 1);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.locator('.blog-featured').count()).toBe(0);
    expect(await cardTitles(page)).toEqual(posts.slice(7, 13).map((p) => p.title));
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('2');
    expect(await pageButtons(page)).toEqual(total > 4 ? ['1', '2', '3', '…', String(total)] : expect.any(Array));
    expect(await page.getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: `Page ${total}` }).click();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pageButtons(page)).toEqual(['1', '…', String(total - 1), String(total)]);
    expect(await cardTitles(page)).toEqual(posts.slice(1 + (total - 1) * 6).map((p) => p.title));
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe(String(total - 1));
    await page.getByRole('button', { name: 'Page 1' }).click();
    expect(await page.locator('.blog-featured').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  });

  test('search is case-insensitive over title, description and tags; resets to page 1; hides the featured article', async () => {
    const { page } = await suite.open('/blog');
    await page.getByRole('button', { name: 'Next' }).click();
    await search(page).fill('LEATHER');
    const expected = posts.filter((p) => [p.title, p.description, ...p.tags].some((s) => s.toLowerCase().includes('leather')));
    expect(await page.locator('.blog-featured').count()).toBe(0);
    expect(await cardTitles(page)).toEqual(expected.slice(0, 6).map((p) => p.title));
    if (expected.length > 6) expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('1');
    expect(await latestHeading(page)).toBe('Latest Articles');
    const active = page.locator('.blog-active');
    expect(await active.textContent()).toContain('Active filters:');
    expect(await active.textContent()).toContain('LEATHER');
    expect(query(page)).toBe('');
  });

  test("a topic filters by exact tag, titles the grid 'Articles tagged {tag}', sets ?tag=; choosing it again clears both", async () => {
    const { page, errors } = await suite.open('/blog');
    const tag = 'leather-repair';
    await topic(page, tag).click();
    expect(await topic(page, tag).getAttribute('aria-pressed')).toBe('true');
    expect(query(page)).toBe(`?tag=${tag}`);
    expect(await latestHeading(page)).toBe(`Articles tagged ${tag}`);
    expect(await page.locator('.blog-featured').count()).toBe(0);
    expect(await cardTitles(page)).toEqual(posts.filter((p) => p.tags.includes(tag)).slice(0, 6).map((p) => p.title));
    expect(await page.locator('.blog-active').textContent()).toContain(label(tag));
    await topic(page, tag).click();
    expect(await topic(page, tag).getAttribute('aria-pressed')).toBe('false');
    expect(query(page)).toBe('');
    expect(await latestHeading(page)).toBe('Latest Articles');
    expect(await page.locator('.blog-featured').count()).toBe(1);
    expect(await page.locator('.blog-active').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('choosing another topic replaces the tag and goes back to page 1', async () => {
    const { page } = await suite.open('/blog');
    await topic(page, 'car-interior').click();
    if (await page.getByRole('button', { name: 'Next' }).count()) await page.getByRole('button', { name: 'Next' }).click();
    await topic(page, 'automotive').click();
    expect(query(page)).toBe('?tag=automotive');
    expect(await topic(page, 'car-interior').getAttribute('aria-pressed')).toBe('false');
    expect(await cardTitles(page)).toEqual(posts.filter((p) => p.tags.includes('automotive')).slice(0, 6).map((p) => p.title));
  });

  test('search and topic combine with AND', async () => {
    const { page } = await suite.open('/blog');
    await topic(page, 'car-interior').click();
    await search(page).fill('luxury');
    const expected = posts.filter((p) => p.tags.includes('car-interior') && [p.title, p.description, ...p.tags].some((s) => s.toLowerCase().includes('luxury')));
    expect(expected.length).toBeGreaterThan(0);
    expect(await cardTitles(page)).toEqual(expected.slice(0, 6).map((p) => p.title));
  });

  test("'Clear all' resets the topic, the search and the query", async () => {
    const { page } = await suite.open('/blog?tag=leather&utm_source=x');
    await page.locator('.bl-root[data-ready]').waitFor();
    await search(page).fill('seat');
    await page.getByRole('button', { name: 'Clear all' }).click();
    expect(await search(page).inputValue()).toBe('');
    expect(query(page)).toBe('');
    expect(await page.locator('.blog-topic[aria-pressed="true"]').count()).toBe(0);
    expect(await page.locator('.blog-featured').count()).toBe(1);
  });

  test('?tag= preselects a topic on load, and Back/Forward follow the chosen topics', async () => {
    const { page } = await suite.open('/blog?tag=maintenance');
    await page.waitForFunction(() => document.querySelector('#blog-latest-title')?.textContent === 'Articles tagged maintenance');
    expect(await topic(page, 'maintenance').getAttribute('aria-pressed')).toBe('true');
    expect(await cardTitles(page)).toEqual(posts.filter((p) => p.tags.includes('maintenance')).slice(0, 6).map((p) => p.title));
    await topic(page, 'cost').click();
    expect(query(page)).toBe('?tag=cost');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#blog-latest-title')?.textContent === 'Articles tagged maintenance');
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#blog-latest-title')?.textContent === 'Articles tagged cost');
  });

  test("an unknown ?tag= shows 'No articles found' and the tag message; the button clears everything", async () => {
    const { page, errors } = await suite.open('/blog?tag=no-such-topic');
    const empty = page.locator('.blog-empty');
    await empty.waitFor();
    expect(await empty.getByRole('heading').textContent()).toBe('No articles found');
    expect(await empty.locator('p').textContent()).toBe('No articles found with the tag "no-such-topic".');
    await empty.getByRole('button', { name: 'Clear filters and view all articles' }).click();
    expect(query(page)).toBe('');
    expect(await page.locator('.blog-featured').count()).toBe(1);
    expect(await cardTitles(page)).toHaveLength(6);
    expect(errors).toEqual([]);
  });

  test("a search without match: 'No articles found matching your search criteria.'", async () => {
    const { page } = await suite.open('/blog');
    await search(page).fill('zeppelin hovercraft');
    expect(await page.locator('.blog-empty p').textContent()).toBe('No articles found matching your search criteria.');
    expect(await page.locator('.pagination').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters and view all articles' }).click();
    expect(await search(page).inputValue()).toBe('');
  });

  test('390 px: search, topics and pages work the same', async () => {
    const { page, errors } = await suite.open('/blog', { viewport: MOBILE });
    expect(await search(page).isVisible()).toBe(true);
    await topic(page, 'upholstery').click();
    expect(query(page)).toBe('?tag=upholstery');
    const matching = posts.filter((p) => p.tags.includes('upholstery'));
    if (matching.length > 6) {
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await cardTitles(page)).toEqual(matching.slice(6, 12).map((p) => p.title));
      // The grid's top is brought into view.
      expect(await page.locator('#blog-latest-title').evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(MOBILE.height / 2);
    }
    expect(errors).toEqual([]);
  });

  test('without JavaScript the filters are hidden and every article is a plain link', async () => {
    const { page } = await suite.open('/blog', { javaScriptEnabled: false });
    expect(await page.locator('.blog-filters').isVisible()).toBe(false);
    const hrefs = new Set(await page.locator('a[href^="/blog/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))));
    for (const post of posts) expect(hrefs.has(`/blog/${post.slug}`)).toBe(true);
  });
});

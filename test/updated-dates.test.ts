// `updated:` on a post (issue #27, item 1): the article shows "Updated <date>" beside its date,
// the BlogPosting's dateModified, the sitemap's <lastmod>, Atom's <updated> and JSON Feed's
// date_modified are it (RSS keeps the publication date); an `updated` before `date` or after
// today (America/Denver) is an error at its line, in `check` and `build` alike.
// Content: test/fixtures/mini plus the posts below. Build time: SOURCE_DATE_EPOCH 1767225600 =
// 2026-01-01 00:00 UTC, still 2025-12-31 in Denver.
import { rmSync } from 'node:fs';
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../src/check/check-site.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import type { Diagnostic } from '../src/errors/diagnostic.ts';
import { buildSite, contentTree, ROOT, type SiteBuild } from './helpers/build-site.ts';

const ORIGIN = 'https://mini.example.com';

function post(title: string, dates: string, body = 'Words about chairs.\n'): string {
  return `---\ntitle: ${title}\ndescription: ${title}, a post of the updated-dates test, about chairs and their care in Albuquerque.\n${dates}\nauthor: The Shop Team\ntags: [chairs]\n---\n${body}`;
}

/** Revised on 14 November 2025 (an autumn date: 00:00 in Denver is 07:00 UTC), published 1 October (06:00 UTC, summer time). */
const REVISED = 'blog/revised-post.md';
const GOOD = {
  [REVISED]: post('Revised Post', 'date: 2025-10-01\nupdated: 2025-11-14'),
  // Updated on the day it was published: nothing to show beside the date.
  'blog/same-day-post.md': post('Same Day Post', 'date: 2025-09-01\nupdated: "09/01/2025"'),
  // Updated today in Denver (the UTC day is already 2026-01-01).
  'blog/revised-today.md': post('Revised Today', 'date: 2025-06-01\nupdated: 2025-12-31'),
  // Scheduled (2026-02-01): `updated` equal to its date is no error.
  'blog/scheduled-post.md': post('Scheduled Post', 'date: 2026-02-01\nupdated: 2026-02-01'),
};

const BAD = {
  'blog/before-date.md': post('Before Date', 'date: 2025-10-01\nupdated: 2025-09-30'),
  // 2026-01-01 is the UTC day of the build, but still tomorrow in Denver.
  'blog/in-future.md': post('In Future', 'date: 2025-10-01\nupdated: 2026-01-01'),
  'blog/scheduled-revised.md': post('Scheduled Revised', 'date: 2026-02-01\nupdated: 2026-02-03'),
  'blog/draft-future.md': post('Draft Future', 'date: 2025-10-01\nupdated: 2027-05-05\ndraft: true'),
};

const dirs: string[] = [];
let site: SiteBuild;
let checked: Diagnostic[];
let refused: SiteBuild;

beforeAll(async () => {
  const good = contentTree(GOOD, 'test/fixtures/mini');
  const bad = contentTree({ ...GOOD, ...BAD }, 'test/fixtures/mini');
  dirs.push(good, bad);
  site = await buildSite(good);
  if (!site.ok) throw new Error(site.state.diagnostics.map((d) => d.message).join('\n'));
  checked = (await checkSite(resolveConfig({ content: bad, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT))).diagnostics;
  refused = await buildSite(bad);
}, 240_000);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const jsonLd = (doc: Document) => [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')) as Record<string, unknown>[];
const article = (path: string) => jsonLd(site.doc(path)).find((j) => j['@type'] === 'BlogPosting')!;
const xml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;
const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? '';

describe('a post with `updated:`', () => {
  it('the article shows "Updated <long date>" beside its date, with the day in <time datetime>', () => {
    const meta = site.doc('/blog/revised-post').querySelector('.post-byline .post-meta')!;
    const times = [...meta.querySelectorAll('time')].map((t) => [t.getAttribute('dateTime'), text(t)]);
    expect(times).toEqual([['2025-10-01', 'October 1, 2025'], ['2025-11-14', 'Updated November 14, 2025']]);
    // Not when the day is the publication day, nor without `updated`.
    for (const path of ['/blog/same-day-post', '/blog/first-post']) {
      expect(site.doc(path).querySelectorAll('.post-byline time'), path).toHaveLength(1);
      expect(site.html(path), path).not.toContain('Updated');
    }
  });

  it('the BlogPosting\'s dateModified is `updated`; without it, the publication date', () => {
    expect(article('/blog/revised-post')).toMatchObject({ datePublished: '2025-10-01', dateModified: '2025-11-14' });
    expect(article('/blog/same-day-post')).toMatchObject({ datePublished: '2025-09-01', dateModified: '2025-09-01' });
    expect(article('/blog/first-post')).toMatchObject({ datePublished: '2025-10-28', dateModified: '2025-10-28' });
  });

  it('the sitemap gives every post a <lastmod>, `updated` or `date`, and no other page one', () => {
    const urls = [...xml(site.writer.text('sitemap.xml')!).querySelectorAll('url')];
    const lastmod = new Map(urls.map((u) => [text(u.querySelector('loc')), u.querySelector('lastmod') ? text(u.querySelector('lastmod')) : undefined]));
    expect(lastmod.get(`${ORIGIN}/blog/revised-post`)).toBe('2025-11-14');
    expect(lastmod.get(`${ORIGIN}/blog/revised-today`)).toBe('2025-12-31');
    expect(lastmod.get(`${ORIGIN}/blog/first-post`)).toBe('2025-10-28');
    expect(lastmod.get(`${ORIGIN}/blog/second-post`)).toBe('2023-01-18');
    for (const [loc, value] of lastmod) if (!loc.startsWith(`${ORIGIN}/blog/`)) expect(value, loc).toBeUndefined();
    expect(lastmod.has(`${ORIGIN}/about`)).toBe(true);
  });

  it('Atom: <updated> is `updated` (00:00 Denver), <published> the date, the feed\'s own <updated> the latest of its entries\'', () => {
    const atom = xml(site.writer.text('blog/atom.xml')!);
    const entry = [...atom.querySelectorAll('entry')].find((e) => text(e.querySelector('id')) === `${ORIGIN}/blog/revised-post`)!;
    expect(text(entry.querySelector('updated'))).toBe('2025-11-14T07:00:00.000Z');
    expect(text(entry.querySelector('published'))).toBe('2025-10-01T06:00:00.000Z');
    const plain = [...atom.querySelectorAll('entry')].find((e) => text(e.querySelector('id')) === `${ORIGIN}/blog/first-post`)!;
    expect(text(plain.querySelector('updated'))).toBe(text(plain.querySelector('published')));
    expect(text(atom.querySelector('feed > updated'))).toBe('2025-12-31T07:00:00.000Z');
  });

  it('JSON Feed: date_modified is `updated`, date_published the date; RSS keeps the publication dates (pubDate, lastBuildDate)', () => {
    const items = JSON.parse(site.writer.text('blog/feed.json')!).items as { id: string; date_published: string; date_modified: string }[];
    expect(items.find((i) => i.id === `${ORIGIN}/blog/revised-post`)).toMatchObject({ date_published: '2025-10-01T06:00:00.000Z', date_modified: '2025-11-14T07:00:00.000Z' });
    expect(items.find((i) => i.id === `${ORIGIN}/blog/first-post`)).toMatchObject({ date_published: '2025-10-28T06:00:00.000Z', date_modified: '2025-10-28T06:00:00.000Z' });
    const rss = xml(site.writer.text('blog/rss.xml')!);
    const item = [...rss.querySelectorAll('item')].find((i) => text(i.querySelector('link')) === `${ORIGIN}/blog/revised-post`)!;
    expect(text(item.querySelector('pubDate'))).toBe('Wed, 01 Oct 2025 06:00:00 GMT');
    expect(text(rss.querySelector('lastBuildDate'))).toBe('Tue, 28 Oct 2025 06:00:00 GMT');
  });

  it('is a field the schema knows (no unknown-field warning); a scheduled post may carry its own date', () => {
    const problems = site.state.diagnostics.filter((d) => d.code === 'UnknownFieldError' || d.severity === 'error' || d.code.startsWith('Updated'));
    expect(problems.map((d) => `${d.code} ${d.file}: ${d.message}`)).toEqual([]);
  });
});

describe('an `updated` that cannot be', () => {
  const of = (list: Diagnostic[], file: string) => list.filter((d) => d.file?.endsWith(file) && d.code.startsWith('Updated'));

  it('before `date`: UpdatedBeforeDateError at the `updated:` line, naming what was expected and found', () => {
    expect(of(checked, 'blog/before-date.md')).toEqual([expect.objectContaining({
      code: 'UpdatedBeforeDateError', severity: 'error', line: 5, field: 'updated',
      message: 'Field `updated`: expected a day on or after the post\'s `date` (2025-10-01), found "2025-09-30".',
    })]);
  });

  it('after today in Denver (the UTC day is no excuse), after a scheduled post\'s date, and in a draft: UpdatedInFutureError', () => {
    expect(of(checked, 'blog/in-future.md')).toEqual([expect.objectContaining({
      code: 'UpdatedInFutureError', severity: 'error', line: 5, field: 'updated',
      message: 'Field `updated`: expected a day on or before today (2025-12-31, America/Denver), found "2026-01-01".',
    })]);
    expect(of(checked, 'blog/scheduled-revised.md')).toEqual([expect.objectContaining({
      code: 'UpdatedInFutureError', line: 5,
      message: 'Field `updated`: expected a day on or before the post\'s `date` (2026-02-01): a scheduled post is not revised before it appears, found "2026-02-03".',
    })]);
    expect(of(checked, 'blog/draft-future.md').map((d) => d.code)).toEqual(['UpdatedInFutureError']);
    // The good posts beside them are not reported.
    expect(checked.filter((d) => d.code.startsWith('Updated'))).toHaveLength(4);
  });

  it('stops `stitch build` with the same errors', () => {
    expect(refused.ok).toBe(false);
    expect(refused.state.diagnostics.filter((d) => d.code.startsWith('Updated')).map((d) => `${d.code} ${d.file}:${d.line}`).sort())
      .toEqual(checked.filter((d) => d.code.startsWith('Updated')).map((d) => `${d.code} ${d.file}:${d.line}`).sort());
  });
});

// The blog's feeds (RSS 2.0, Atom 1.0, JSON Feed 1.1): written by a build, well-formed, the
// newest 20 published posts newest first, every URL absolute, found from every page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { xml2js } from 'xml-js';
import { build } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { blogFeedFiles } from '../../src/feeds/blog-feeds.ts';
import { feedPosts } from '../../src/feeds/feed-links.ts';
import { buildSite, contentTree, ROOT, type SiteBuild } from '../helpers/build-site.ts';

const FEEDS = ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json'];
const ORIGIN = 'https://mini.example.com';

/** 60 posts besides the fixture's two (62: the listing gets archive pages), one a day from 1 November 2025 (newer than the fixture's, before the build date); the newest links relatively. */
function posts(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 60; i++) {
    const date = new Date(Date.UTC(2025, 10, i)).toISOString().slice(0, 10);
    const body = i === 60
      ? 'See [our services](/services/automotive-upholstery), [the other post](first-post), [below](#more) and [home](/).\n\n![A chair](/images/logo.png)\n\n[ref link][r]\n\n[r]: ../about\n\n## More\n\nMail [us](mailto:shop@mini.example.com) or read [elsewhere](https://example.org/x).\n'
      : i === 59 ? 'Foam & <frames>: `]]>` and a form feed \f here.\n' : `Post number ${i}.\n`;
    files[`blog/post-${String(i).padStart(2, '0')}.md`] = `---\ntitle: Post ${i}\ndescription: The post of day ${i} of the year, about chairs in Albuquerque.\ndate: ${date}\nauthor: Writer ${i}\ntags: [chairs, day-${i}]\n---\n${body}`;
  }
  return files;
}

/** Throws on XML that is not well-formed (xml-js parses with sax in strict mode; it comes with `feed`). */
function wellFormed(xml: string): void {
  xml2js(xml);
}

const xml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;
const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? '';

/** Every URL-bearing attribute of an HTML fragment. */
function urlsIn(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: string[] = [];
  for (const el of document.querySelectorAll('[href], [src], [srcset], [poster], [cite]')) {
    for (const name of ['href', 'src', 'poster', 'cite']) if (el.hasAttribute(name)) out.push(el.getAttribute(name)!);
    if (el.hasAttribute('srcset')) out.push(...el.getAttribute('srcset')!.split(/,\s+/).map((c) => c.trim().split(/\s+/)[0]));
  }
  return out;
}

let site: SiteBuild;
let dir: string;
const newest20 = Array.from({ length: 20 }, (_, i) => `${ORIGIN}/blog/post-${String(60 - i).padStart(2, '0')}`);

beforeAll(async () => {
  dir = contentTree(posts(), 'test/fixtures/mini');
  site = await buildSite(dir);
  if (!site.ok) throw new Error(site.state.diagnostics.map((d) => d.message).join('\n'));
}, 120_000);

describe('blog feeds', () => {
  it('a build writes the three feeds', () => {
    for (const file of FEEDS) expect(site.writer.text(file), file).toBeTruthy();
  });

  it('RSS 2.0: well-formed, with the channel and item elements a reader needs, the newest 20 posts newest first', () => {
    const rss = site.writer.text('blog/rss.xml')!;
    expect(() => wellFormed(rss)).not.toThrow();
    // No character XML 1.0 forbids (post 59 has a form feed); `]]>` and `<` are escaped.
    expect(rss).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(rss).toContain('<p>Foam &#x26; : <code>]]]]><![CDATA[></code> and a form feed  here.</p>');
    const doc = xml(rss);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.querySelector('channel')!;
    expect(text(channel.querySelector(':scope > title'))).toBe('Mini Upholstery Blog');
    expect(text(channel.querySelector(':scope > link'))).toBe(`${ORIGIN}/blog`);
    expect(text(channel.querySelector(':scope > description'))).not.toBe('');
    const items = [...doc.querySelectorAll('item')];
    expect(items.map((i) => text(i.querySelector('link')))).toEqual(newest20);
    const first = items[0];
    expect(text(first.querySelector('title'))).toBe('Post 60');
    expect(text(first.querySelector('guid'))).toBe(newest20[0]);
    // RFC 822, 00:00 in Denver (UTC−7 in December) of the post's date.
    expect(text(first.querySelector('pubDate'))).toBe('Tue, 30 Dec 2025 07:00:00 GMT');
    expect(text(first.querySelector('description'))).toContain('day 60');
    expect(text(first.getElementsByTagName('content:encoded')[0])).toContain('<h2 id="more">More</h2>');
    expect(text(first.querySelector('author'))).toContain('Writer 60');
    expect([...first.querySelectorAll('category')].map(text)).toEqual(['chairs', 'day-60']);
  });

  it('Atom 1.0: well-formed, with id, title, updated and entries (RFC 3339 dates, categories with a term)', () => {
    const atom = site.writer.text('blog/atom.xml')!;
    expect(() => wellFormed(atom)).not.toThrow();
    expect(atom).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    const doc = xml(atom);
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2005/Atom');
    const feed = doc.documentElement;
    expect(text(feed.querySelector(':scope > id'))).toBe(`${ORIGIN}/blog`);
    expect(text(feed.querySelector(':scope > title'))).toBe('Mini Upholstery Blog');
    expect(text(feed.querySelector(':scope > updated'))).toBe('2025-12-30T07:00:00.000Z');
    expect(feed.querySelector(':scope > link[rel="self"]')?.getAttribute('href')).toBe(`${ORIGIN}/blog/atom.xml`);
    const entries = [...doc.querySelectorAll('entry')];
    expect(entries.map((e) => text(e.querySelector('id')))).toEqual(newest20);
    for (const entry of entries) {
      expect(text(entry.querySelector('title'))).not.toBe('');
      expect(text(entry.querySelector('updated'))).toMatch(/^\d{4}-\d\d-\d\dT0[67]:00:00\.000Z$/);
      expect(text(entry.querySelector('author > name'))).toMatch(/^Writer \d+$/);
      expect(text(entry.querySelector('content'))).not.toBe('');
      for (const c of entry.querySelectorAll('category')) expect(c.getAttribute('term')).toBeTruthy();
    }
  });

  it('JSON Feed 1.1: the required keys, the newest 20 posts newest first', () => {
    const feed = JSON.parse(site.writer.text('blog/feed.json')!);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe('Mini Upholstery Blog');
    expect(feed.home_page_url).toBe(`${ORIGIN}/blog`);
    expect(feed.feed_url).toBe(`${ORIGIN}/blog/feed.json`);
    expect(feed.items.map((i: { id: string }) => i.id)).toEqual(newest20);
    for (const item of feed.items) {
      expect(item).toMatchObject({ id: expect.any(String), url: expect.any(String), title: expect.any(String), summary: expect.any(String), content_html: expect.stringContaining('<p>') });
      expect(item.date_published).toMatch(/^\d{4}-\d\d-\d\dT0[67]:00:00\.000Z$/);
      expect(item.authors[0].name).toMatch(/^Writer \d+$/);
      expect(item.tags).toContain('chairs');
    }
  });

  it('no relative URL anywhere: links and images of the posts\' content are resolved against the post', () => {
    const rss = xml(site.writer.text('blog/rss.xml')!);
    const atom = xml(site.writer.text('blog/atom.xml')!);
    const json = JSON.parse(site.writer.text('blog/feed.json')!);
    const contents = [
      ...[...rss.getElementsByTagName('content:encoded')].map(text),
      ...[...atom.querySelectorAll('entry > content')].map(text),
      ...json.items.map((i: { content_html: string }) => i.content_html),
    ];
    expect(contents).toHaveLength(60);
    for (const html of contents) for (const url of urlsIn(html)) expect(url).toMatch(/^(https:\/\/|mailto:)/);
    const urls = urlsIn(json.items[0].content_html);
    expect(urls).toEqual(expect.arrayContaining([
      `${ORIGIN}/services/automotive-upholstery`, `${ORIGIN}/blog/first-post`, `${ORIGIN}/blog/post-60#more`, `${ORIGIN}/`,
      `${ORIGIN}/images/logo.png`, `${ORIGIN}/about`, 'mailto:shop@mini.example.com', 'https://example.org/x',
    ]));
    // The feeds' own links too: every URL element and attribute of the XML is absolute.
    for (const doc of [rss, atom]) {
      for (const el of doc.querySelectorAll('link, guid, id, url, uri, logo')) {
        const value = el.getAttribute('href') ?? text(el);
        expect(value, el.outerHTML).toMatch(/^https:\/\//);
      }
    }
    expect(JSON.stringify(json)).not.toContain('undefined');
  });

  it('every page names the three feeds with <link rel="alternate">, the home page included', () => {
    const expected = [
      ['application/rss+xml', '/blog/rss.xml'], ['application/atom+xml', '/blog/atom.xml'], ['application/feed+json', '/blog/feed.json'],
    ];
    for (const page of ['/', '/about', '/services/automotive-upholstery', '/blog', '/blog/archive/1', '/blog/post-01', '/blog/first-post', '404.html']) {
      const links = [...site.doc(page).querySelectorAll('head link[rel="alternate"]')];
      expect(links.map((l) => [l.getAttribute('type'), l.getAttribute('href')]), page).toEqual(expected);
      for (const l of links) expect(l.getAttribute('title'), page).toMatch(/^Mini Upholstery Blog \((RSS|Atom|JSON Feed)\)$/);
    }
  });

  it('SITE_URL, when set, is the origin of every URL in the feeds', async () => {
    const other = await buildSite(dir, { SITE_URL: 'https://preview.example.net/' });
    for (const file of FEEDS) {
      const feed = other.writer.text(file)!;
      expect(feed, file).toContain('https://preview.example.net/blog/post-60');
      expect(feed, file).not.toContain('mini.example.com/');
    }
  }, 120_000);

  it('a warm build that keeps every page (bodies from the Markdown cache) and one without the cache write the same feeds', async () => {
    const work = mkdtempSync(join(tmpdir(), 'stitch-feeds-'));
    try {
      const config = { ...resolveConfig({ content: dir, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT), outDir: join(work, 'dist'), cacheDir: join(work, '.stitch') };
      const run = async () => {
        const result = await build(config, { writer: new IncrementalWriter(config.outDir, config.cacheDir), workers: false });
        expect(result.ok, result.state.diagnostics.map((d) => d.message).join('\n')).toBe(true);
        return { rendered: result.state.rendered, feeds: FEEDS.map((f) => readFileSync(join(config.outDir, f), 'utf8')) };
      };
      const cold = await run();
      expect(cold.feeds).toEqual(FEEDS.map((f) => site.writer.text(f)));
      const warm = await run();
      expect(warm.rendered).toBe(0);
      expect(warm.feeds).toEqual(cold.feeds);
      rmSync(join(config.cacheDir, 'cache/markdown'), { recursive: true, force: true });
      const uncached = await run();
      expect(uncached.rendered).toBe(0);
      expect(uncached.feeds).toEqual(cold.feeds);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('a site without an address', () => {
  it('stops the build with the error naming SITE_URL, and no feed is written (never `undefined` in a feed)', async () => {
    const noUrl = contentTree({ 'site.yaml': readFileSync(join(dir, 'site.yaml'), 'utf8').replace(/^url: .*\n/m, '') }, dir);
    try {
      const result = await buildSite(noUrl);
      expect(result.ok).toBe(false);
      const [d] = result.state.diagnostics.filter((x) => x.severity === 'error');
      expect(d).toMatchObject({ code: 'SiteUrlMissingError', severity: 'error', field: 'SITE_URL' });
      expect(d.hint).toContain('SITE_URL');
      for (const feed of FEEDS) expect(result.writer.files.has(feed), feed).toBe(false);
    } finally {
      rmSync(noUrl, { recursive: true, force: true });
    }
  });
});

describe('drafts and scheduled posts', () => {
  it('a post shown as a draft or scheduled (dev, build --drafts: it carries a status) is in no feed', () => {
    const published = site.state.graph!.posts;
    const shown = [{ ...published[0], slug: 'a-draft', title: 'A Draft', status: 'draft' as const }, { ...published[0], slug: 'a-scheduled', title: 'Scheduled', status: 'scheduled' as const }, ...published];
    expect(feedPosts(shown).map((p) => p.slug)).toEqual(feedPosts(published).map((p) => p.slug));
    const files = blogFeedFiles({ site: site.state.graph!.site, siteUrl: ORIGIN, posts: shown, contents: new Map(), year: 2026 });
    expect(files).toHaveLength(3);
    for (const { path, contents } of files) {
      expect(contents, path).not.toContain('a-draft');
      expect(contents, path).not.toContain('a-scheduled');
      expect(contents, path).toContain(`${ORIGIN}/blog/post-60`);
    }
  });
});

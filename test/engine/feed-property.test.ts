// The blog feeds are well-formed for any content: for arbitrary titles, descriptions, authors,
// tags and Markdown bodies, RSS and Atom parse as XML (strictly, with two parsers) and as feeds,
// every text comes back exactly as written, and the JSON feed is JSON Feed 1.1. Also the cases
// first seen on the real site: two `]]>` in a body, Atom's HTML title, an author with markup
// characters, a tag `a<b`, Atom's enclosure type, the dates (00:00 in Denver) and the copyright year.
// Any `updated:` day (or none) is Atom's <updated> and JSON Feed's date_modified; RSS keeps the date.
import { parseFeed } from '@rowanmanning/feed-parser';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { xml2js, type Element } from 'xml-js';
import type { Post, SiteData } from '../../src/content/types.ts';
import { absoluteUrls } from '../../src/feeds/absolute-urls.ts';
import { blogFeedFiles, businessMidnight } from '../../src/feeds/blog-feeds.ts';
import { renderMarkdown } from '../../src/markdown/render-markdown.ts';

const ORIGIN = 'https://shop.example.com';
const site = { name: 'Shop', email: 'shop@example.com', logo: '/images/logo.png' } as SiteData;

/** What an XML reader gets back of a text: no characters XML forbids, line ends as \n. */
const xmlText = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/\r\n?/g, '\n');

/** Texts made of the pieces that break XML writers, and any other characters. */
const piece = fc.oneof(
  fc.constantFrom(']]>', ']]', '<![CDATA[', '&', '&amp;', '&lt;', '<', '>', '"', "'", '<b>', '\f', '\u0000', 'é', '😀', ' '),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
// A title, an author or a tag is one line with something on it (the schema's rule).
const line = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join('').replace(/[\r\n]/g, ' ')).filter((s) => xmlText(s).trim() !== '');
const lines = fc.array(fc.oneof(piece, fc.constant('\n')), { minLength: 1, maxLength: 20 }).map((p) => p.join(''));

// `updated`: none, or 0 to 800 days after the date (across summer and winter time in Denver).
const updatedArb = fc.option(fc.integer({ min: 0, max: 800 }).map((days) => new Date(Date.UTC(2025, 9, 28 + days)).toISOString().slice(0, 10)), { nil: undefined });
const postArb = fc.record({ title: line, description: lines.filter((s) => xmlText(s).trim() !== ''), author: line, tags: fc.array(line, { maxLength: 3 }), body: lines, updated: updatedArb });

const unescapeHtml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function makePost(i: number, p: { title: string; description: string; author: string; tags: string[]; body: string; updated?: string }, date = '2025-10-28'): Post {
  return { slug: `post-${i}`, title: p.title, description: p.description, date, ...(p.updated ? { updated: p.updated } : {}), author: p.author, tags: p.tags, readingTime: 1, body: p.body, origin: { file: `content/blog/post-${i}.md` }, coverImage: '/images/blog/cover.jpg' };
}
const midnight = (date: string) => businessMidnight(date).toISOString();

function feeds(posts: Post[], year = 2026) {
  const contents = new Map(posts.map((p) => [p.slug, absoluteUrls(renderMarkdown(p.body), `${ORIGIN}/blog/${p.slug}`)]));
  const files = Object.fromEntries(blogFeedFiles({ site, siteUrl: ORIGIN, posts, contents, year }).map((f) => [f.path, f.contents]));
  return { rss: files['blog/rss.xml'], atom: files['blog/atom.xml'], json: files['blog/feed.json'], contents };
}

/** The elements named `name` anywhere under `el`. */
function all(el: Element, name: string): Element[] {
  return (el.elements ?? []).flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
}
const textOf = (el: Element | undefined) => (el?.elements ?? []).map((c) => c.text ?? c.cdata ?? '').join('');
const child = (el: Element, name: string) => el.elements?.find((c) => c.name === name);

/** Parses strictly with two parsers (a malformed document throws) and as a feed. */
function parseXml(xml: string): Element {
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) throw new Error(`not well-formed: ${verdict.err.msg} at line ${verdict.err.line}`);
  const tree = xml2js(xml, { compact: false }) as Element;
  const feed = parseFeed(xml);
  expect(feed.items.length).toBeGreaterThan(0);
  return tree;
}

describe('feeds for any content (fast-check, fixed seed)', () => {
  it('RSS and Atom are well-formed and give back every text; the JSON feed is JSON Feed 1.1', () => {
    fc.assert(fc.property(fc.array(postArb, { minLength: 1, maxLength: 3 }), (generated) => {
      const posts = generated.map((p, i) => makePost(i, p));
      const { rss, atom, json, contents } = feeds(posts);

      const rssItems = all(parseXml(rss), 'item');
      expect(rssItems).toHaveLength(posts.length);
      rssItems.forEach((item, i) => {
        const post = posts[i];
        expect(textOf(child(item, 'title'))).toBe(xmlText(post.title));
        expect(unescapeHtml(textOf(child(item, 'description')))).toBe(xmlText(post.description));
        expect(textOf(child(item, 'content:encoded'))).toBe(xmlText(contents.get(post.slug)!));
        expect(textOf(child(item, 'author'))).toBe(xmlText(`${site.email} (${post.author})`));
        expect(all(item, 'category').map(textOf)).toEqual(post.tags.map(xmlText));
        expect(textOf(child(item, 'pubDate'))).toBe(businessMidnight(post.date).toUTCString());
      });

      const entries = all(parseXml(atom), 'entry');
      expect(entries).toHaveLength(posts.length);
      entries.forEach((entry, i) => {
        const post = posts[i];
        expect(unescapeHtml(textOf(child(entry, 'title')))).toBe(xmlText(post.title));
        expect(unescapeHtml(textOf(child(entry, 'summary')))).toBe(xmlText(post.description));
        expect(textOf(child(entry, 'content'))).toBe(xmlText(contents.get(post.slug)!));
        expect(textOf(child(child(entry, 'author')!, 'name'))).toBe(xmlText(post.author));
        expect(all(entry, 'category').map((c) => c.attributes?.term)).toEqual(post.tags.map(xmlText));
        expect([textOf(child(entry, 'published')), textOf(child(entry, 'updated'))]).toEqual([midnight(post.date), midnight(post.updated ?? post.date)]);
      });
      const latest = posts.map((p) => p.updated ?? p.date).sort().at(-1)!;
      expect(textOf(child(all(parseXml(atom), 'feed')[0], 'updated'))).toBe(midnight(latest));

      const feed = JSON.parse(json) as Record<string, unknown> & { items: Record<string, unknown>[] };
      expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
      expect(typeof feed.title).toBe('string');
      expect(feed.items).toHaveLength(posts.length);
      feed.items.forEach((item, i) => {
        const post = posts[i];
        const content = contents.get(post.slug)!;
        expect(item).toMatchObject({ id: `${ORIGIN}/blog/${post.slug}`, url: `${ORIGIN}/blog/${post.slug}`, title: post.title, tags: post.tags, authors: [{ name: post.author }] });
        // A body that renders to nothing (only raw HTML, which is dropped): the description stands for it.
        expect([item.content_html, item.summary]).toEqual(content ? [content, post.description] : [post.description, undefined]);
        expect([item.date_published, item.date_modified]).toEqual([midnight(post.date), midnight(post.updated ?? post.date)]);
      });
    }), { seed: 26, numRuns: 60 });
  });
});

describe('the cases seen on the real site', () => {
  const post = makePost(1, { title: 'Seats & Stitches <Part 1>', description: 'Foam & frames.', author: 'Elena <Marquez> & Co', tags: ['a<b', 'diy'], body: 'Two inline `]]>` code spans: `]]>`.\n' }, '2025-01-15');
  const summer = makePost(2, { title: 'Summer', description: 'Hot seats.', author: 'Shop', tags: [], body: 'Text.\n' }, '2025-07-01');
  const { rss, atom, json } = feeds([summer, post], 2027);
  const rssTree = parseXml(rss);
  const atomTree = parseXml(atom);

  it('a body with two `]]>` gives well-formed RSS and Atom that keep both', () => {
    const rssContent = textOf(child(all(rssTree, 'item')[1], 'content:encoded'));
    const atomContent = textOf(child(all(atomTree, 'entry')[1], 'content'));
    for (const content of [rssContent, atomContent]) expect(content).toBe('<p>Two inline <code>]]></code> code spans: <code>]]></code>.</p>');
  });

  it('Atom\'s HTML title keeps `<Part 1>`; the author is escaped exactly once; a tag `a<b` parses', () => {
    const entry = all(atomTree, 'entry')[1];
    expect(child(entry, 'title')!.attributes?.type).toBe('html');
    expect(textOf(child(entry, 'title'))).toBe('Seats &amp; Stitches &lt;Part 1&gt;');
    expect(parseFeed(atom).items[1].title).toBe('Seats & Stitches <Part 1>');
    expect(textOf(child(child(entry, 'author')!, 'name'))).toBe('Elena <Marquez> & Co');
    expect(textOf(child(all(rssTree, 'item')[1], 'author'))).toBe('shop@example.com (Elena <Marquez> & Co)');
    expect(all(entry, 'category').map((c) => [c.attributes?.term, c.attributes?.label])).toEqual([['a<b', 'a<b'], ['diy', 'diy']]);
  });

  it('Atom\'s enclosure says image/jpeg, as RSS does', () => {
    const enclosure = all(all(atomTree, 'entry')[1], 'link').find((l) => l.attributes?.rel === 'enclosure');
    expect(enclosure?.attributes?.type).toBe('image/jpeg');
    expect(child(all(rssTree, 'item')[1], 'enclosure')?.attributes?.type).toBe('image/jpeg');
  });

  it('a post is dated 00:00 America/Denver of its date (UTC−7 in winter, UTC−6 in summer)', () => {
    expect(textOf(child(all(atomTree, 'entry')[1], 'published'))).toBe('2025-01-15T07:00:00.000Z');
    expect(textOf(child(all(atomTree, 'entry')[0], 'published'))).toBe('2025-07-01T06:00:00.000Z');
    expect(textOf(child(all(rssTree, 'item')[1], 'pubDate'))).toBe('Wed, 15 Jan 2025 07:00:00 GMT');
    expect((JSON.parse(json) as { items: { date_published: string }[] }).items[0].date_published).toBe('2025-07-01T06:00:00.000Z');
  });

  it('the copyright names the build year, as the footer does', () => {
    expect(textOf(all(rssTree, 'copyright')[0])).toBe('© 2027 Shop');
    expect(textOf(all(atomTree, 'rights')[0])).toBe('© 2027 Shop');
  });
});

// The blog's feeds, made with the `feed` library: RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the
// newest posts, every URL absolute. A post's date is the instant it publishes, 00:00 in the
// business's time zone on its calendar date (RSS writes it as RFC 822, Atom and JSON Feed as
// RFC 3339); the feed's own date is the newest post's, never the build's, so two builds of the
// same content give the same bytes. A post's `updated:` day (00:00 the same way) is its Atom
// `<updated>` and JSON Feed `date_modified`, and Atom's own `<updated>` is the latest of its
// entries'; RSS, which has no such date, keeps the publication date as its only one (`pubDate`,
// `lastBuildDate`). The copyright names the build year, as the footer does.
//
// Each format gets the texts in the form it carries them, so any title, tag or body gives a
// well-formed feed (test/engine/feed-property.test.ts): Atom's `type="html"` title and summary,
// and RSS's description, are HTML, so their plain text is escaped as HTML; the library's XML
// writer (xml-js) turns `&amp;` in a text node back into `&` before escaping, so `&` in a text
// node is given to it as `&amp;`. Its CDATA and attribute escaping are fixed in
// patches/xml-js+1.6.11.patch (every `]]>`, and `<` in attributes); its Atom enclosure type in
// patches/feed+6.0.0.patch.
import { Feed, type Author, type Enclosure, type Item } from 'feed';
import type { Post, SiteData } from '../content/types.ts';
import { BUSINESS_TIME_ZONE } from '../content/publication.ts';
import { escapeHtml } from '../render/document.ts';
import { absoluteUrl } from '../routes/head.ts';
import { BLOG_FEEDS, feedPosts } from './feed-links.ts';

export interface BlogFeedInput {
  site: SiteData;
  /** Absolute origin without a trailing slash (checked by the caller). */
  siteUrl: string;
  /** The published posts, newest first (the route table's). */
  posts: readonly Post[];
  /** Each feed post's content: its body as the page renders it with every URL made absolute (absolute-urls.ts), by slug. */
  contents: ReadonlyMap<string, string>;
  /** The build's year (the footer's copyright year). */
  year: number;
  /** The size in bytes of a file of site-assets/ (a cover photo), when it can be read. */
  assetBytes?: (path: string) => number | undefined;
}

type Format = 'rss' | 'atom' | 'json';

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', svg: 'image/svg+xml' };

/** The three feed files, by output path. */
export function blogFeedFiles(input: BlogFeedInput): { path: string; contents: string }[] {
  return [
    { path: BLOG_FEEDS.rss.path.slice(1), contents: blogFeed(input, 'rss').rss2() },
    { path: BLOG_FEEDS.atom.path.slice(1), contents: blogFeed(input, 'atom').atom1() },
    { path: BLOG_FEEDS.json.path.slice(1), contents: jsonFeed11(blogFeed(input, 'json').json1()) },
  ];
}

function blogFeed({ site, siteUrl, posts, contents, year, assetBytes }: BlogFeedInput, format: Format): Feed {
  const items = feedPosts(posts);
  const blogUrl = absoluteUrl(siteUrl, '/blog');
  // A post's last change (the library writes an item's `date` as Atom's updated and JSON's date_modified; RSS's pubDate is `published`).
  const changed = (post: Post) => post.updated ?? post.date;
  // The feed's own date: Atom's <updated>, the latest of its entries'; RSS's lastBuildDate, the newest publication.
  const newest = items.length > 0 ? businessMidnight(format === 'rss' ? items[0].date : items.map(changed).reduce((a, b) => (b > a ? b : a))) : new Date(0);
  // The JSON feed takes every text as it is; XML, without the characters it forbids.
  const plain = (value: string) => (format === 'json' ? value : xmlChars(value));
  // A text node's text.
  const text = (value: string) => (format === 'json' ? value : xmlChars(value).replace(/&/g, '&amp;'));
  // A text the format carries as HTML; RSS titles are plain text in CDATA.
  const html = (value: string) => (format === 'json' ? value : escapeHtml(xmlChars(value)));
  const feed = new Feed({
    id: blogUrl,
    link: blogUrl,
    title: text(`${site.name} Blog`),
    description: text(`Guides, care tips and trends in upholstery from ${site.name}.`),
    language: 'en',
    image: absoluteUrl(siteUrl, site.logo),
    copyright: text(`© ${year} ${site.name}`),
    updated: newest,
    generator: 'stitch',
    author: { name: text(site.name), link: absoluteUrl(siteUrl, '/') },
    feedLinks: { rss: absoluteUrl(siteUrl, BLOG_FEEDS.rss.path), atom: absoluteUrl(siteUrl, BLOG_FEEDS.atom.path), json: absoluteUrl(siteUrl, BLOG_FEEDS.json.path) },
  });
  for (const post of items) {
    const url = absoluteUrl(siteUrl, `/blog/${post.slug}`);
    const published = businessMidnight(post.date);
    // RSS wants an e-mail address for an author: the business's, with the writer's name.
    const author: Author = { name: text(post.author), email: site.email };
    const item: Item = {
      id: url,
      link: url,
      title: format === 'atom' ? html(post.title) : plain(post.title),
      description: html(post.description),
      content: plain(contents.get(post.slug) ?? '') || undefined,
      date: businessMidnight(changed(post)),
      published,
      author: [author],
      // RSS writes a category as a text node; Atom as attributes (escaped by the library).
      category: post.tags.map((tag) => (format === 'rss' ? { name: text(tag) } : { name: plain(tag), term: plain(tag) })),
      image: post.coverImage ? cover(siteUrl, post.coverImage, assetBytes) : undefined,
    };
    feed.addItem(item);
  }
  return feed;
}

/**
 * The text without the characters XML 1.0 forbids (a form feed pasted into a post would make a
 * reader reject the whole feed). Taken out before the library escapes the text: `]]\f>` becomes
 * `]]>`, which must be escaped too.
 */
function xmlChars(xml: string): string {
  return xml.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/**
 * yyyy-mm-dd at 00:00 in the business's time zone, when a post dated that day publishes
 * (content/publication.ts). Denver is UTC−7, or UTC−6 in summer time; midnight is never skipped
 * or repeated there (the clocks change at 02:00).
 */
export function businessMidnight(date: string): Date {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });
  const summer = new Date(`${date}T06:00:00Z`);
  return hour.format(summer) === '00' ? summer : new Date(`${date}T07:00:00Z`);
}

function cover(siteUrl: string, path: string, assetBytes: BlogFeedInput['assetBytes']): Enclosure {
  const type = IMAGE_TYPES[path.split('.').pop()!.toLowerCase()];
  const length = assetBytes?.(path);
  return { url: absoluteUrl(siteUrl, path), ...(type ? { type } : {}), ...(length !== undefined ? { length } : {}) };
}

/**
 * The library writes JSON Feed 1.0; 1.1 names its version, the feed's language, and authors as
 * a list (`author` is kept beside `authors`, as the 1.1 spec allows, for 1.0 readers).
 */
function jsonFeed11(json10: string): string {
  const feed = JSON.parse(json10) as { version: string; author?: unknown; authors?: unknown[]; language?: string; items: { author?: unknown; authors?: unknown[] }[] };
  const out: Record<string, unknown> = { ...feed, version: 'https://jsonfeed.org/version/1.1', language: 'en' };
  if (feed.author) out.authors = [feed.author];
  out.items = feed.items.map((item) => (item.author ? { ...item, authors: [item.author] } : item));
  return `${JSON.stringify(out, null, 2)}\n`;
}

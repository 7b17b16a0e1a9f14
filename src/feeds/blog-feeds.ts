// The blog's feeds, made with the `feed` library: RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the
// newest posts, every URL absolute. Dates are the posts' calendar dates at midnight UTC (RSS
// writes them as RFC 822, Atom and JSON Feed as RFC 3339); the feed's own date is the newest
// post's, never the build's, so two builds of the same content give the same bytes.
import { Feed, type Enclosure } from 'feed';
import type { Post, SiteData } from '../content/types.ts';
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
  /** The size in bytes of a file of site-assets/ (a cover photo), when it can be read. */
  assetBytes?: (path: string) => number | undefined;
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', svg: 'image/svg+xml' };

/** The three feed files, by output path. */
export function blogFeedFiles(input: BlogFeedInput): { path: string; contents: string }[] {
  const feed = blogFeed(input);
  return [
    { path: BLOG_FEEDS.rss.path.slice(1), contents: xmlChars(feed.rss2()) },
    { path: BLOG_FEEDS.atom.path.slice(1), contents: xmlChars(feed.atom1()) },
    { path: BLOG_FEEDS.json.path.slice(1), contents: jsonFeed11(feed.json1()) },
  ];
}

function blogFeed({ site, siteUrl, posts, contents, assetBytes }: BlogFeedInput): Feed {
  const items = feedPosts(posts);
  const blogUrl = absoluteUrl(siteUrl, '/blog');
  const newest = items[0] ? calendarDate(items[0].date) : new Date(0);
  const feed = new Feed({
    id: blogUrl,
    link: blogUrl,
    title: `${site.name} Blog`,
    description: `Guides, care tips and trends in upholstery from ${site.name}.`,
    language: 'en',
    image: absoluteUrl(siteUrl, site.logo),
    copyright: `© ${newest.getUTCFullYear()} ${site.name}`,
    updated: newest,
    generator: 'stitch',
    author: { name: site.name, link: absoluteUrl(siteUrl, '/') },
    feedLinks: { rss: absoluteUrl(siteUrl, BLOG_FEEDS.rss.path), atom: absoluteUrl(siteUrl, BLOG_FEEDS.atom.path), json: absoluteUrl(siteUrl, BLOG_FEEDS.json.path) },
  });
  for (const post of items) {
    const url = absoluteUrl(siteUrl, `/blog/${post.slug}`);
    const date = calendarDate(post.date);
    feed.addItem({
      id: url,
      link: url,
      title: post.title,
      description: post.description,
      content: contents.get(post.slug),
      date,
      published: date,
      // RSS wants an e-mail address for an author: the business's, with the writer's name.
      author: [{ name: post.author, email: site.email }],
      category: post.tags.map((tag) => ({ name: tag, term: tag })),
      image: post.coverImage ? cover(siteUrl, post.coverImage, assetBytes) : undefined,
    });
  }
  return feed;
}

/**
 * The text without the control characters XML 1.0 forbids (a form feed pasted into a post would
 * make a reader reject the whole feed); the library escapes everything else.
 */
function xmlChars(xml: string): string {
  return xml.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/** yyyy-mm-dd as midnight UTC: the same instant in every time zone. */
function calendarDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
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

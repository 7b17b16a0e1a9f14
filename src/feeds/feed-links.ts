// The blog's three feeds: where they are written, their media types, and the
// <link rel="alternate"> every page carries so readers and browsers find them from any address
// (the home page included, where people paste the site's address).
import type { LayoutData } from '../routes/layout-data.ts';
import type { PageRoute } from '../routes/types.ts';

/** Each feed's public path, media type, and format name (feed readers show it after the site name). */
export const BLOG_FEEDS = {
  rss: { path: '/blog/rss.xml', type: 'application/rss+xml', format: 'RSS' },
  atom: { path: '/blog/atom.xml', type: 'application/atom+xml', format: 'Atom' },
  json: { path: '/blog/feed.json', type: 'application/feed+json', format: 'JSON Feed' },
} as const;

/** How many of the newest posts a feed carries. */
export const FEED_SIZE = 20;

/** A `<link rel="alternate">` of the page head. */
export interface AlternateLink {
  type: string;
  title: string;
  href: string;
}

/**
 * A page's `<link rel="alternate">`s, made as it renders: the blog feeds, named after its layout's
 * site. Root-relative, like every other link of a page (feed autodiscovery resolves them against
 * the page): the same page links the feeds of the server it came from, `stitch dev` and `preview` included.
 */
export function pageAlternates(route: Pick<PageRoute, 'props'>): AlternateLink[] {
  const siteName = (route.props.layout as LayoutData).site.name;
  return Object.values(BLOG_FEEDS).map((f) => ({ type: f.type, title: `${siteName} Blog (${f.format})`, href: f.path }));
}

/**
 * The posts a feed carries: the newest FEED_SIZE published ones (the graph's posts are sorted
 * newest first). Drafts and scheduled posts are left out of the graph when a build publishes;
 * where they are shown (dev, `build --drafts`) they carry a `status`, and never reach a feed.
 */
export function feedPosts<T extends { status?: unknown }>(posts: readonly T[]): T[] {
  return posts.filter((p) => p.status === undefined).slice(0, FEED_SIZE);
}

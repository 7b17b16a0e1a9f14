// The blog feeds of the write stage (feeds/blog-feeds.ts), from the posts the route table
// used (published only: drafts and scheduled posts never reach the graph) and the bodies the
// documents stage collected, their URLs made absolute (feeds/absolute-urls.ts), each kept in the
// `feeds` cache by its HTML and URL: parsing and serialising 20 long posts is the feeds' main cost.
// The three files are kept in the same cache, keyed by everything they are made from: a build
// whose feed posts did not change neither makes them again nor loads the `feed` library.
// Feeds are read away from the site: every URL in them is absolute, from the site URL the routes
// stage checked (SITE_URL or site.yaml `url`; neither stops the build there: SiteUrlMissingError).
import { hash as oneShot } from 'node:crypto';
import { statSync } from 'node:fs';
import { textKind } from '../cache/cache.ts';
import { engineVersions } from '../cache/engine-version.ts';
import { feedPosts } from '../feeds/feed-links.ts';
import { absoluteUrl } from '../routes/head.ts';
import type { BuildState } from './state.ts';

/** The three feed files. */
export async function feedFiles(state: BuildState): Promise<{ path: string; contents: string }[]> {
  const siteUrl = state.layout!.siteUrl;
  const cache = await state.caches.open(textKind('feeds', engineVersions.feedHtml));
  const contents = new Map<string, string>();
  for (const [slug, html] of state.feedBodies ?? []) {
    const base = absoluteUrl(siteUrl, `/blog/${slug}`);
    const key = oneShot('sha256', `${base}\0${html}`);
    let content = cache.get(key);
    if (content === undefined) {
      // The HTML parser (rehype, parse5) is loaded only when a feed body is not in the cache.
      const { absoluteUrls } = await import('../feeds/absolute-urls.ts');
      cache.set(key, (content = absoluteUrls(html, base)));
    }
    contents.set(slug, content);
  }
  const assetBytes = (path: string) => {
    try {
      return statSync(`${state.config.assetsDir}${path}`).size;
    } catch {
      return undefined;
    }
  };
  const { site, posts } = state.graph!;
  const year = state.layout!.year;
  // What the files are made from: the feed code and library, the site, the year, the feed posts (their
  // bodies excepted: the contents stand for them), their contents and their covers' sizes.
  const items = feedPosts(posts).map(({ body: _body, ...post }) => post);
  const covers = items.flatMap((post) => (post.coverImage ? [[post.coverImage, assetBytes(post.coverImage) ?? null]] : []));
  // (The contents in the posts' order: the documents stage collects them in the order they render.)
  const key = `files\0${oneShot('sha256', JSON.stringify([engineVersions.feeds, site, siteUrl, year, items, items.map((post) => contents.get(post.slug) ?? null), covers]))}`;
  const kept = cache.get(key);
  let files: { path: string; contents: string }[];
  if (kept !== undefined) files = JSON.parse(kept) as typeof files;
  else {
    const { blogFeedFiles } = await import('../feeds/blog-feeds.ts');
    files = blogFeedFiles({ site, siteUrl, posts, contents, year, assetBytes });
    cache.set(key, JSON.stringify(files));
  }
  cache.prune();
  await cache.save();
  return files;
}

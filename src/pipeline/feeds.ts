// The blog feeds of the write stage (feeds/blog-feeds.ts), from the posts the route table
// used (published only: drafts and scheduled posts never reach the graph) and the bodies the
// documents stage collected, their URLs made absolute (kept in a cache: feeds/feed-html-cache.ts).
// Feeds are read away from the site: every URL in them is absolute, from the site URL the routes
// stage checked (SITE_URL or site.yaml `url`; neither stops the build there: SiteUrlMissingError).
import { statSync } from 'node:fs';
import { noCaches, type Caches } from '../cache/cache.ts';
import { blogFeedFiles } from '../feeds/blog-feeds.ts';
import { feedHtmlCacheKind, feedHtmlKey } from '../feeds/feed-html-cache.ts';
import { absoluteUrl } from '../routes/head.ts';
import type { BuildState } from './state.ts';

/** The three feed files. */
export async function feedFiles(state: BuildState, caches: Caches = noCaches): Promise<{ path: string; contents: string }[]> {
  const siteUrl = state.layout!.siteUrl;
  const cache = await caches.open(feedHtmlCacheKind());
  const contents = new Map<string, string>();
  for (const [slug, html] of state.feedBodies ?? []) {
    const base = absoluteUrl(siteUrl, `/blog/${slug}`);
    const key = feedHtmlKey(html, base);
    let content = cache.get(key);
    if (content === undefined) {
      // The HTML parser (rehype, parse5) is loaded only when a feed body is not in the cache.
      const { absoluteUrls } = await import('../feeds/absolute-urls.ts');
      cache.set(key, (content = absoluteUrls(html, base)));
    }
    contents.set(slug, content);
  }
  cache.prune();
  await cache.save();
  return blogFeedFiles({
    site: state.graph!.site,
    siteUrl,
    posts: state.graph!.posts,
    contents,
    assetBytes: (path) => {
      try {
        return statSync(`${state.config.assetsDir}${path}`).size;
      } catch {
        return undefined;
      }
    },
  });
}

// The blog feeds: the bodies of the posts they carry, collected by the documents stage, and the
// three files of the write stage (feeds/blog-feeds.ts), from the posts the route table used
// (drafts and scheduled posts never reach the graph). Every URL in them is absolute, from the
// site URL the routes stage checked: feeds are read away from the site. Each body with absolute
// URLs (feeds/absolute-urls.ts: parsing and serialising 20 long posts is the feeds' main cost)
// and the files are kept in the `feeds` cache, keyed by everything they are made from: a build
// whose feed posts did not change neither makes them again nor loads the `feed` library.
import { hash as oneShot } from 'node:crypto';
import { statSync } from 'node:fs';
import { textKind } from '../cache/cache.ts';
import { engineVersion } from '../cache/engine-version.ts';
import { feedPosts } from '../feeds/feed-links.ts';
import { MARKDOWN_FAILED, type MarkdownOptions } from '../markdown/options-key.ts';
import { absoluteUrl } from '../routes/head.ts';
import type { PageRoute } from '../routes/types.ts';
import type { Post } from '../content/types.ts';
import type { BuildState } from './state.ts';

/** The three feed files. */
export async function feedFiles(state: BuildState): Promise<{ path: string; contents: string }[]> {
  const siteUrl = state.layout!.siteUrl;
  const cache = await state.caches.open(textKind('feeds', engineVersion));
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
  const key = `files\0${oneShot('sha256', JSON.stringify([engineVersion, site, siteUrl, year, items, items.map((post) => contents.get(post.slug) ?? null), covers]))}`;
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

/**
 * The Markdown HTML of the posts the feeds carry (at most FEED_SIZE), as the documents stage's
 * passes send it back; a post whose page was kept from the last build is read from the Markdown
 * cache, or rendered here with the same renderer and options as its page.
 */
export class FeedBodies {
  private readonly posts: Map<string, Post>;
  private readonly bodies = new Map<string, string>();

  /** `bodyOf`: a post's Markdown (`stitch build` keeps none in the graph: read back from its file). */
  constructor(posts: readonly Post[], private readonly bodyOf: (post: Post) => string = (post) => post.body) {
    this.posts = new Map(feedPosts(posts).map((p) => [p.slug, p]));
  }

  /** Whether any post is in a feed (then the Markdown cache is worth opening). */
  get size(): number {
    return this.posts.size;
  }

  /** Whether this page is the page of a feed post (its pass sends its body HTML back). */
  wants(route: PageRoute): boolean {
    return route.kind === 'blog-post' && this.posts.has(slugOf(route));
  }

  /** A feed post's body as its page's pass rendered it (or found it in the cache). */
  record(route: PageRoute, html: string | undefined): void {
    if (html !== undefined && !html.startsWith(MARKDOWN_FAILED) && this.wants(route)) this.bodies.set(slugOf(route), html);
  }

  /** A post whose body could not be rendered (reported at its page): the feeds go without it, finish() does not try again on this thread. */
  failed(route: PageRoute): void {
    if (this.wants(route)) this.posts.delete(slugOf(route));
  }

  /** Every feed post's body, by slug: the recorded ones, then the cache's, then rendered here. */
  async finish(options: MarkdownOptions, cache?: { get(body: string): string | undefined; set(body: string, html: string): void }): Promise<Map<string, string>> {
    const missing = [...this.posts.values()].filter((p) => !this.bodies.has(p.slug));
    if (missing.length === 0) return this.bodies;
    for (const post of missing) {
      const body = this.bodyOf(post);
      let html = cache?.get(body);
      if (html === undefined) {
        // Loaded only now: the Markdown pipeline (Prism's languages) takes a while to load.
        const { renderMarkdown } = await import('../markdown/render-markdown.ts');
        html = renderMarkdown(body, options);
        if (!html.startsWith(MARKDOWN_FAILED)) cache?.set(body, html);
      }
      if (!html.startsWith(MARKDOWN_FAILED)) this.bodies.set(post.slug, html);
    }
    return this.bodies;
  }
}

function slugOf(route: PageRoute): string {
  return (route.props.post as { slug: string } | undefined)?.slug ?? '';
}

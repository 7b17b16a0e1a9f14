// The Markdown HTML of the posts the blog feeds carry. The pages render on worker threads and
// the main thread keeps no HTML, so the documents stage asks the passes of those (at most
// FEED_SIZE) posts to send their body back; a post whose page was kept from the last build is
// read from the Markdown cache, or rendered here with the same renderer and options as its page.
import type { Post } from '../content/types.ts';
import { feedPosts } from '../feeds/feed-links.ts';
import { MARKDOWN_FAILED, type MarkdownOptions } from '../markdown/options-key.ts';
import type { PageRoute } from '../routes/types.ts';

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

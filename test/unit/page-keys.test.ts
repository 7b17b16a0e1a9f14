// A page's key holds everything its HTML is made from: every part that changes must change it,
// or a warm build (or dev) keeps a stale page.
import { describe, expect, it } from 'vitest';
import { pageKeys, type BuildState } from '../../src/build.ts';
import { pageAlternates } from '../../src/feeds/feed-links.ts';
import { pageJsonLd } from '../../src/routes/json-ld.ts';
import type { PageRoute } from '../../src/routes/types.ts';

const layout = { siteUrl: 'https://example.com', nav: ['/a'] };
const state = {
  server: { hash: 'templates-1' },
  layout,
  graph: { site: { name: 'Site' }, assets: new Set<string>() },
  images: { generation: 'g1' },
} as unknown as BuildState;

function post(body: string, overrides: Partial<PageRoute> = {}): PageRoute {
  return {
    type: 'page', path: '/blog/a', output: 'blog/a/index.html', kind: 'blog-post', template: 'blog-post',
    props: { post: { title: 'A' }, layout }, head: { title: 'A', description: 'd', image: '/i.jpg', ogType: 'article', jsonLd: [], noindex: false },
    markdown: { body, into: 'post' }, ...overrides,
  };
}

describe('page keys', () => {
  const key = pageKeys(state);

  it('are equal for equal routes', () => {
    expect(key(post('Hello *world*'))).toBe(key(post('Hello *world*')));
  });

  it('change with the Markdown body, where its HTML goes, the props and the head', () => {
    const base = key(post('Hello'));
    expect(key(post('Hello!'))).not.toBe(base);
    expect(key(post('Hello', { markdown: { body: 'Hello', into: 'page' } }))).not.toBe(base);
    expect(key(post('Hello', { props: { post: { title: 'B' }, layout } }))).not.toBe(base);
    expect(key(post('Hello', { head: { ...post('').head, title: 'B' } }))).not.toBe(base);
    expect(key(post('Hello', { markdown: undefined }))).not.toBe(base);
  });

  it('change with the shared inputs: templates, layout, image cache, extra head', () => {
    const base = key(post('Hello'));
    expect(pageKeys({ ...state, server: { hash: 'templates-2' } } as unknown as BuildState)(post('Hello'))).not.toBe(base);
    const other = { ...layout, nav: ['/b'] };
    expect(pageKeys({ ...state, layout: other } as unknown as BuildState)(post('Hello', { props: { post: { title: 'A' }, layout: other } }))).not.toBe(base);
    expect(pageKeys({ ...state, images: { generation: 'g2' } } as unknown as BuildState)(post('Hello'))).not.toBe(base);
    expect(pageKeys(state, '<script></script>')(post('Hello'))).not.toBe(base);
  });

  it("key a post by its file's text while its body is the one cut from it, and by the body once it is not", () => {
    const withSource = (body: string, hash: string) => pageKeys({ ...state, graph: { ...state.graph, sources: new Map([['content/blog/a.md', { body, hash }]]) } } as unknown as BuildState);
    const route = post('Hello', { origin: { file: 'content/blog/a.md' } });
    // The text changed (say its front matter), even where the route does not show it: a new key.
    expect(withSource('Hello', 'text-1')(route)).not.toBe(withSource('Hello', 'text-2')(route));
    expect(withSource('Hello', 'text-1')(route)).toBe(withSource('Hello', 'text-1')(route));
    // stitch dev put an edited body in place: the body is hashed, not the stale text's hash.
    const edited = post('Hello, edited', { origin: { file: 'content/blog/a.md' } });
    expect(withSource('Hello', 'text-1')(edited)).toBe(key(edited));
    expect(withSource('Hello', 'text-1')(edited)).not.toBe(withSource('Hello', 'text-1')(route));
  });
});

// The JSON-LD and the feed links of a post's head are derived as the page renders
// (routes/json-ld.ts pageJsonLd, feeds/feed-links.ts pageAlternates), not carried in the route:
// every value they read must be one the page key covers, or a changed author, crumb, site logo
// or site name would leave a kept page's head stale.
describe('page keys and the JSON-LD made at render', () => {
  const site = { name: 'Site', image: '/images/site.jpg', logo: '/logo.svg' };
  const shared = { siteUrl: 'https://example.com', site, nav: ['/a'] };
  const summary = { slug: 'a', id: 'a', title: 'A', description: 'About A', date: '2025-01-02', updated: '2025-01-09', dateLabel: 'January 2, 2025', updatedLabel: 'January 9, 2025', author: 'The Team', tags: ['x', 'y'], coverImage: '/images/a.jpg', readingTime: 3 };
  const crumbs = [{ name: 'Home', path: '/' }, { name: 'Blog', path: '/blog' }, { name: 'A', path: '/blog/a' }];
  const route = (layout: object): PageRoute => ({
    type: 'page', path: '/blog/a', output: 'blog/a/index.html', kind: 'blog-post', template: 'blog-post',
    props: { post: structuredClone(summary), related: [], breadcrumbs: structuredClone(crumbs), layout, path: '/blog/a' },
    head: { title: 'A', description: 'd', image: '/i.jpg', ogType: 'article', jsonLd: [], derivedJsonLd: ['article', 'breadcrumbs'], noindex: false },
  });

  /** Every own primitive value `pageJsonLd` reads of the route's head and props (the layout's included), by path. */
  function readsOf(target: PageRoute): string[][] {
    const reads: string[][] = [];
    const watch = <T extends object>(value: T, path: string[]): T => new Proxy(value, {
      get(object, property, receiver) {
        const found = Reflect.get(object, property, receiver);
        if (typeof property === 'symbol' || !Object.hasOwn(object, property) || (Array.isArray(object) && property === 'length')) return found;
        if (found !== null && typeof found === 'object') return watch(found, [...path, property]);
        reads.push([...path, property]);
        return found;
      },
    });
    const watched = { head: watch(target.head, ['head']), props: watch(target.props, ['props']) };
    pageJsonLd(watched);
    pageAlternates(watched);
    return reads;
  }

  function changed(target: PageRoute, path: string[]): { route: PageRoute; layout: object } {
    const copy = structuredClone(target);
    let at: Record<string, unknown> = copy as unknown as Record<string, unknown>;
    for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
    const last = path[path.length - 1];
    at[last] = typeof at[last] === 'number' ? (at[last] as number) + 1 : `${String(at[last])}, changed`;
    return { route: copy, layout: copy.props.layout as object };
  }

  const derived = (r: PageRoute) => [pageJsonLd(r), pageAlternates(r)];

  it('cover every value the BlogPosting, the breadcrumb list and the feed links are made from', () => {
    const base = route(shared);
    const reads = readsOf(base);
    // The derivation reads the post, the crumbs and the site (sanity: the proxy sees it).
    expect(reads.map((p) => p.join('.'))).toEqual(expect.arrayContaining(['props.post.title', 'props.post.updated', 'props.post.author', 'props.breadcrumbs.2.name', 'props.layout.site.logo', 'props.layout.site.name', 'props.layout.siteUrl']));
    const baseKey = pageKeys({ ...state, layout: shared } as unknown as BuildState)(base);
    for (const path of reads) {
      const { route: edited, layout } = changed(base, path);
      if (path[0] === 'props') expect(JSON.stringify(derived(edited)), path.join('.')).not.toBe(JSON.stringify(derived(base)));
      expect(pageKeys({ ...state, layout } as unknown as BuildState)(edited), path.join('.')).not.toBe(baseKey);
    }
  });

  it('write what the route table carried before: the BlogPosting, then the breadcrumb list', () => {
    const [article, list] = pageJsonLd(route(shared));
    expect(article).toMatchObject({ '@type': 'BlogPosting', headline: 'A', author: { '@type': 'Organization', name: 'The Team' }, image: 'https://example.com/images/a.jpg', keywords: 'x, y', publisher: { name: 'Site', logo: { url: 'https://example.com/logo.svg' } } });
    expect(list).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ position: 1, item: 'https://example.com/' }, { position: 2, item: 'https://example.com/blog' }, { position: 3, name: 'A', item: 'https://example.com/blog/a' }] });
  });
});

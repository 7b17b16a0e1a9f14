// A page's key holds everything its HTML is made from: every part that changes must change it,
// or a warm build (or dev) keeps a stale page.
import { describe, expect, it } from 'vitest';
import { pageKeys, type BuildState } from '../../src/build.ts';
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

// The indexed related-posts selection gives exactly the simple filter-and-shuffle's result.
import { describe, expect, it } from 'vitest';
import type { Post } from '../src/content/types.ts';
import { relatedPosts, seededShuffle } from '../src/routes/related-posts.ts';

function naive(post: Post, posts: Post[], limit = 3): Post[] {
  const tags = new Set(post.tags);
  const candidates = posts.filter((p) => p.slug !== post.slug && p.tags.some((t) => tags.has(t)));
  return seededShuffle(candidates, post.slug).slice(0, limit);
}

function posts(n: number, tagCount: number): Post[] {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  return Array.from({ length: n }, (_, i) => ({
    slug: `post-${i}`,
    tags: Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => `tag-${Math.floor(rnd() * tagCount)}`),
  } as Post));
}

describe('related posts', () => {
  it('match the simple definition for every post', () => {
    for (const [n, tags] of [[1, 1], [2, 1], [50, 3], [700, 20], [300, 200]] as const) {
      const list = posts(n, tags);
      for (const post of list) expect(relatedPosts(post, list).map((p) => p.slug)).toEqual(naive(post, list).map((p) => p.slug));
    }
  });

  it('follow a change of the list (a new array is indexed anew)', () => {
    const list = posts(100, 5);
    const before = relatedPosts(list[0], list);
    const shorter = list.slice(0, 60);
    expect(relatedPosts(list[0], shorter).map((p) => p.slug)).toEqual(naive(list[0], shorter).map((p) => p.slug));
    expect(relatedPosts(list[0], list)).toEqual(before);
  });

  it('ignore a post whose tags are not in the list and duplicate tags', () => {
    const list = posts(40, 4);
    const outsider = { slug: 'outsider', tags: ['tag-1', 'tag-1', 'nope'] } as Post;
    expect(relatedPosts(outsider, list).map((p) => p.slug)).toEqual(naive(outsider, list).map((p) => p.slug));
  });

  it('answer a rebuilt list with the same slugs and tags from memory, with the new list\'s posts', () => {
    const list = posts(200, 6);
    const first = list.map((p) => relatedPosts(p, list).map((r) => r.slug));
    // A dev rebuild: new objects, same slugs and tags, one title edited.
    const again = list.map((p) => ({ ...p, title: p.slug === 'post-3' ? 'Edited' : 'Same' } as Post));
    const second = again.map((p) => relatedPosts(p, again));
    expect(second.map((r) => r.map((p) => p.slug))).toEqual(first);
    for (const related of second) for (const p of related) expect(again).toContain(p);
    // Tags changed: answered anew, as the simple definition says.
    const retagged = again.map((p, i) => (i % 7 === 0 ? { ...p, tags: ['tag-0'] } as Post : p));
    for (const post of retagged) expect(relatedPosts(post, retagged).map((p) => p.slug)).toEqual(naive(post, retagged).map((p) => p.slug));
  });
});

// Related posts: other posts sharing a tag, drawn uniformly at random (seeded by the slug), in
// time that does not grow with the blog. These tests check the definition (shares a tag, not
// itself, no repeats, as many as there are up to the limit), determinism, and that the draw is
// uniform, including for posts listed under several of the asking post's tags.
import { describe, expect, it } from 'vitest';
import type { Post } from '../src/content/types.ts';
import { relatedPosts, tagIndex } from '../src/routes/related-posts.ts';

function posts(n: number, tagCount: number): Post[] {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  return Array.from({ length: n }, (_, i) => ({
    slug: `post-${i}`,
    tags: Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => `tag-${Math.floor(rnd() * tagCount)}`),
  } as Post));
}

const slugs = (list: Post[]) => list.map((p) => p.slug);

function candidates(post: Post, list: Post[]): Post[] {
  const tags = new Set(post.tags);
  return list.filter((p) => p.slug !== post.slug && p.tags.some((t) => tags.has(t)));
}

/** How often each candidate is drawn when many outsiders with these tags ask. */
function frequencies(list: Post[], tags: string[], askers: number, limit = 3): Map<string, number> {
  const counts = new Map<string, number>();
  const index = tagIndex(list);
  for (let i = 0; i < askers; i++) {
    for (const p of relatedPosts({ slug: `asker-${i}`, tags } as Post, list, limit, index)) counts.set(p.slug, (counts.get(p.slug) ?? 0) + 1);
  }
  return counts;
}

/** `size` posts tagged x, every third also tagged y (so it is in both of the askers' tag lists). */
function overlapping(size: number): Post[] {
  return Array.from({ length: size }, (_, i) => ({ slug: `x-${i}`, tags: i % 3 === 0 ? ['y', 'x'] : ['x'] } as Post));
}

describe('related posts', () => {
  it('are other posts sharing a tag, without repeats, as many as there are up to the limit', () => {
    for (const [n, tags] of [[1, 1], [2, 1], [50, 3], [700, 20], [300, 200], [3000, 4]] as const) {
      const list = posts(n, tags);
      const index = tagIndex(list);
      for (const post of list) {
        const related = relatedPosts(post, list, 3, index);
        const pool = new Set(slugs(candidates(post, list)));
        expect(related.length).toBe(Math.min(3, pool.size));
        expect(new Set(slugs(related)).size).toBe(related.length);
        for (const r of related) expect(pool.has(r.slug), `${r.slug} for ${post.slug}`).toBe(true);
      }
    }
  });

  it('are the same for the same content (a new list with equal posts)', () => {
    const list = posts(2000, 6);
    const copy = list.map((p) => ({ ...p, tags: [...p.tags] }));
    const [index, copyIndex] = [tagIndex(list), tagIndex(copy)];
    for (const post of list.slice(0, 300)) expect(slugs(relatedPosts(post, copy, 3, copyIndex))).toEqual(slugs(relatedPosts(post, list, 3, index)));
  });

  it('draw every candidate equally often, small unions and large ones alike', () => {
    // 30 candidates (40 list entries: the listed-then-drawn path) and 300 (400 entries: drawn
    // by rejection). Posts under both tags must not be drawn twice as often as the others.
    for (const size of [30, 300]) {
      const list = overlapping(size);
      const askers = size * 40;
      const counts = frequencies(list, ['y', 'x'], askers);
      const expected = (askers * 3) / size;
      expect(counts.size).toBe(size);
      for (const [slug, count] of counts) {
        expect(count, slug).toBeGreaterThan(expected * 0.7);
        expect(count, slug).toBeLessThan(expected * 1.3);
      }
      const mean = (keep: (i: number) => boolean) => {
        const xs = list.map((p, i) => (keep(i) ? counts.get(p.slug)! : NaN)).filter((c) => !Number.isNaN(c));
        return xs.reduce((a, b) => a + b, 0) / xs.length;
      };
      expect(mean((i) => i % 3 === 0) / mean((i) => i % 3 !== 0)).toBeGreaterThan(0.93);
      expect(mean((i) => i % 3 === 0) / mean((i) => i % 3 !== 0)).toBeLessThan(1.07);
    }
  });

  it('follow a change of the list (a new array is indexed anew)', () => {
    const list = posts(100, 5);
    const before = relatedPosts(list[0], list);
    const shorter = list.slice(0, 60);
    const pool = new Set(slugs(candidates(list[0], shorter)));
    for (const r of relatedPosts(list[0], shorter)) expect(pool.has(r.slug)).toBe(true);
    expect(relatedPosts(list[0], list)).toEqual(before);
  });

  it('ignore tags that are not in the list and duplicate tags', () => {
    const list = posts(40, 4);
    const outsider = { slug: 'outsider', tags: ['tag-1', 'tag-1', 'nope'] } as Post;
    const plain = { slug: 'outsider', tags: ['tag-1'] } as Post;
    expect(slugs(relatedPosts(outsider, list))).toEqual(slugs(relatedPosts(plain, list)));
    expect(relatedPosts({ slug: 'lonely', tags: ['nope'] } as Post, list)).toEqual([]);
  });

  it('answer a rebuilt list with the same slugs and tags alike, with the new list\'s posts', () => {
    const list = posts(200, 6);
    const first = list.map((p) => slugs(relatedPosts(p, list)));
    // A dev rebuild: new objects, same slugs and tags, one title edited.
    const again = list.map((p) => ({ ...p, title: p.slug === 'post-3' ? 'Edited' : 'Same' } as Post));
    const second = again.map((p) => relatedPosts(p, again));
    expect(second.map(slugs)).toEqual(first);
    for (const related of second) for (const p of related) expect(again).toContain(p);
    // Tags changed: answered anew.
    const retagged = again.map((p, i) => (i % 7 === 0 ? { ...p, tags: ['tag-0'] } as Post : p));
    for (const post of retagged) {
      const pool = new Set(slugs(candidates(post, retagged)));
      const related = relatedPosts(post, retagged);
      expect(related.length).toBe(Math.min(3, pool.size));
      for (const r of related) expect(pool.has(r.slug)).toBe(true);
    }
  });
});

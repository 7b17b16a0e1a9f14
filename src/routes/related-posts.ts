// Related articles: other posts sharing at least one tag, in "random" order. The shuffle is
// seeded by the slug so two builds of the same content are byte-identical.
import type { Post } from '../content/types.ts';

export function relatedPosts(post: Post, posts: Post[], limit = 3): Post[] {
  const tags = new Set(post.tags);
  const candidates = posts.filter((p) => p.slug !== post.slug && p.tags.some((t) => tags.has(t)));
  return seededShuffle(candidates, post.slug).slice(0, limit);
}

export function seededShuffle<T>(items: T[], seed: string): T[] {
  const out = items.slice();
  let state = hash(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

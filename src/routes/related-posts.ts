// Related articles: other posts sharing at least one tag, in "random" order. The shuffle is
// seeded by the slug so two builds of the same content are byte-identical.
// Every post asks this of the whole list, so the candidates come from a tag index built once
// per list and the shuffle runs on a typed array: linear per post instead of a filter over
// every post's tags (which made the route table quadratic with a large blog).
import type { Post } from '../content/types.ts';

interface TagIndex {
  /** Positions of the posts with a tag, ascending. */
  byTag: Map<string, Int32Array>;
  /** Scratch: a stamp per post (the call that marked it last) and the candidate positions. */
  stamp: Int32Array;
  candidates: Int32Array;
  calls: number;
}

const indexes = new WeakMap<Post[], TagIndex>();

function indexOf(posts: Post[]): TagIndex {
  let index = indexes.get(posts);
  if (index && index.stamp.length === posts.length) return index;
  const lists = new Map<string, number[]>();
  posts.forEach((p, i) => {
    for (const tag of new Set(p.tags)) {
      const list = lists.get(tag);
      if (list) list.push(i);
      else lists.set(tag, [i]);
    }
  });
  index = {
    byTag: new Map([...lists].map(([tag, list]) => [tag, Int32Array.from(list)])),
    stamp: new Int32Array(posts.length),
    candidates: new Int32Array(posts.length),
    calls: 0,
  };
  indexes.set(posts, index);
  return index;
}

/**
 * The answers of the last list, by its signature (every post's slug and tags, in order): a dev
 * rebuild after a body edit builds a new list with the same signature and gets them again
 * without the work (which grows with the square of the blog's size).
 */
let remembered: { signature: string; limit: number; slugs: Map<string, string[]> } | undefined;
const signatures = new WeakMap<Post[], { signature: string; bySlug: Map<string, Post> }>();

function signatureOf(posts: Post[]): { signature: string; bySlug: Map<string, Post> } {
  let known = signatures.get(posts);
  if (!known) {
    known = { signature: posts.map((p) => `${p.slug}\t${p.tags.join('\t')}`).join('\n'), bySlug: new Map(posts.map((p) => [p.slug, p])) };
    signatures.set(posts, known);
  }
  return known;
}

export function relatedPosts(post: Post, posts: Post[], limit = 3): Post[] {
  const { signature, bySlug } = signatureOf(posts);
  if (remembered?.signature !== signature || remembered.limit !== limit) remembered = { signature, limit, slugs: new Map() };
  // Only a post of the list itself is answered from memory (its own tags are part of the signature).
  const own = bySlug.get(post.slug)?.tags.join('\t') === post.tags.join('\t');
  const known = own ? remembered.slugs.get(post.slug) : undefined;
  if (known) return known.map((slug) => bySlug.get(slug)!);
  const found = computeRelated(post, posts, limit);
  if (own) remembered.slugs.set(post.slug, found.map((p) => p.slug));
  return found;
}

function computeRelated(post: Post, posts: Post[], limit: number): Post[] {
  const index = indexOf(posts);
  const call = ++index.calls;
  const { stamp, candidates } = index;
  for (const tag of post.tags) {
    const list = index.byTag.get(tag);
    if (list) for (let k = 0; k < list.length; k++) stamp[list[k]] = call;
  }
  // Candidates in list order, skipping the post itself (by slug, as before).
  let n = 0;
  for (let i = 0; i < stamp.length; i++) if (stamp[i] === call && posts[i].slug !== post.slug) candidates[n++] = i;
  shuffleInPlace(candidates, n, post.slug);
  const out: Post[] = [];
  for (let i = 0; i < Math.min(limit, n); i++) out.push(posts[candidates[i]]);
  return out;
}

export function seededShuffle<T>(items: T[], seed: string): T[] {
  const out = items.slice();
  const next = random(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** seededShuffle on the first `n` entries of a typed array (the same generator, inlined). */
function shuffleInPlace(items: Int32Array, n: number, seed: string): void {
  let state = hash(seed);
  for (let i = n - 1; i > 0; i--) {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (i + 1));
    const v = items[i];
    items[i] = items[j];
    items[j] = v;
  }
}

/** mulberry32 seeded with a hash of `seed`. */
function random(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// Related articles: other posts sharing at least one tag, in random order. The draw is seeded
// by the slug so two builds of the same content are byte-identical. The candidates are the
// posts of the post's tags' lists (tagIndex, made once per list). A small union is listed and
// drawn from; in a large one a position is drawn in the lists laid end to end and kept when
// that list is the first of the post's tags that holds the post (so a post under two of the
// tags counts once), is not the post itself and was not drawn yet.
import type { Post } from '../content/types.ts';

/** The positions of the posts with each tag, ascending. */
export type TagIndex = Map<string, number[]>;

export function tagIndex(posts: Post[]): TagIndex {
  const index: TagIndex = new Map();
  posts.forEach((post, i) => {
    for (const tag of new Set(post.tags)) {
      const list = index.get(tag);
      if (list) list.push(i);
      else index.set(tag, [i]);
    }
  });
  return index;
}

/** At most this many entries in the post's tag lists: list the candidates and draw from them. */
const SMALL_UNION = 64;

/** `index`: tagIndex(posts), made once by a caller that asks for many posts of one list. */
export function relatedPosts(post: Post, posts: Post[], limit = 3, index = tagIndex(posts)): Post[] {
  const tags = [...new Set(post.tags)].filter((tag) => index.has(tag));
  const lists = tags.map((tag) => index.get(tag)!);
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const drawn = total > SMALL_UNION ? drawByRejection(post, posts, tags, lists, total, limit) : undefined;
  return (drawn ?? drawFromUnion(post, posts, lists, limit)).map((i) => posts[i]);
}

/** The candidates listed (in list order), then `limit` drawn: the first steps of a Fisher-Yates shuffle. */
function drawFromUnion(post: Post, posts: Post[], lists: number[][], limit: number): number[] {
  const union = new Set<number>();
  for (const list of lists) for (const i of list) if (posts[i].slug !== post.slug) union.add(i);
  const candidates = [...union].sort((a, b) => a - b);
  const next = random(post.slug);
  const count = Math.min(limit, candidates.length);
  for (let k = 0; k < count; k++) {
    const j = k + Math.floor(next() * (candidates.length - k));
    [candidates[k], candidates[j]] = [candidates[j], candidates[k]];
  }
  return candidates.slice(0, count);
}

/** `limit` candidates drawn uniformly without replacement; undefined when the draws run out (then list them). */
function drawByRejection(post: Post, posts: Post[], tags: string[], lists: number[][], total: number, limit: number): number[] | undefined {
  const next = random(post.slug);
  const picked: number[] = [];
  for (let attempt = 0; picked.length < limit; attempt++) {
    if (attempt >= 32 * (limit + 1)) return undefined;
    let at = Math.floor(next() * total);
    let t = 0;
    while (at >= lists[t].length) at -= lists[t++].length;
    const candidate = lists[t][at];
    if (posts[candidate].slug === post.slug || picked.includes(candidate)) continue;
    // In an earlier tag's list too: that list stands for it.
    const earlier = tags.slice(0, t).some((tag) => posts[candidate].tags.includes(tag));
    if (!earlier) picked.push(candidate);
  }
  return picked;
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

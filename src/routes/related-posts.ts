// Related articles: other posts sharing at least one tag, in random order. The draw is seeded
// by the slug so two builds of the same content are byte-identical.
// Every post asks this of the whole list, so the work per post must not grow with the blog:
// the candidates are the union of the post's tags' lists (from an index built once per list),
// and `limit` of them are drawn uniformly without building that union. A position is drawn
// in the lists laid end to end and kept when that list is the first of the post's tags that
// holds the post (so a post under two of the tags counts once), is not the post itself and
// was not drawn yet. Small unions are listed and drawn from directly.
import type { Post } from '../content/types.ts';

interface TagIndex {
  /** Positions of the posts with a tag, ascending. */
  byTag: Map<string, Int32Array>;
  /** The length of the list it indexes. */
  size: number;
}

function indexOf(posts: Post[], indexes: RelatedMemo['indexes']): TagIndex {
  let index = indexes.get(posts);
  if (index && index.size === posts.length) return index;
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
    size: posts.length,
  };
  indexes.set(posts, index);
  return index;
}

/**
 * The answers for the last list, by its signature (every post's slug and tags, in order), kept
 * by the caller between builds (stitch dev): a rebuild after a body edit builds a new list with
 * the same signature and gets them again without the work (which grows with the square of the
 * blog's size).
 */
export class RelatedMemo {
  answers?: { signature: string; limit: number; slugs: Map<string, string[]> };
  /** Each list's tag index, built once per list. */
  readonly indexes = new WeakMap<Post[], TagIndex>();
  /** Each list's signature and posts by slug. */
  readonly signatures = new WeakMap<Post[], { signature: string; bySlug: Map<string, Post> }>();
}

function signatureOf(posts: Post[], signatures: RelatedMemo['signatures']): { signature: string; bySlug: Map<string, Post> } {
  let known = signatures.get(posts);
  if (!known) {
    known = { signature: posts.map((p) => `${p.slug}\t${p.tags.join('\t')}`).join('\n'), bySlug: new Map(posts.map((p) => [p.slug, p])) };
    signatures.set(posts, known);
  }
  return known;
}

/** `memo`: what the build (or the dev session) keeps between calls; without it the list is indexed for this call alone. */
export function relatedPosts(post: Post, posts: Post[], limit = 3, memo?: RelatedMemo): Post[] {
  if (!memo) return computeRelated(post, posts, limit, new WeakMap());
  const { signature, bySlug } = signatureOf(posts, memo.signatures);
  if (memo.answers?.signature !== signature || memo.answers.limit !== limit) memo.answers = { signature, limit, slugs: new Map() };
  const remembered = memo.answers;
  // Only a post of the list itself is answered from memory (its own tags are part of the signature).
  const own = bySlug.get(post.slug)?.tags.join('\t') === post.tags.join('\t');
  const known = own ? remembered.slugs.get(post.slug) : undefined;
  if (known) return known.map((slug) => bySlug.get(slug)!);
  const found = computeRelated(post, posts, limit, memo.indexes);
  if (own) remembered.slugs.set(post.slug, found.map((p) => p.slug));
  return found;
}

function computeRelated(post: Post, posts: Post[], limit: number, indexes: RelatedMemo['indexes']): Post[] {
  const index = indexOf(posts, indexes);
  const lists: Int32Array[] = [];
  for (const tag of new Set(post.tags)) {
    const list = index.byTag.get(tag);
    if (list) lists.push(list);
  }
  let total = 0;
  for (const list of lists) total += list.length;
  const picked = total <= SMALL_UNION ? drawFromUnion(post, posts, lists, limit) : drawByRejection(post, posts, lists, total, limit) ?? drawFromUnion(post, posts, lists, limit);
  return picked.map((i) => posts[i]);
}

/** At most this many entries in the post's tag lists: list the candidates and draw from them. */
const SMALL_UNION = 64;

/** The candidates listed (in list order), then `limit` drawn: the first steps of a Fisher-Yates shuffle. */
function drawFromUnion(post: Post, posts: Post[], lists: Int32Array[], limit: number): number[] {
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
function drawByRejection(post: Post, posts: Post[], lists: Int32Array[], total: number, limit: number): number[] | undefined {
  const next = random(post.slug);
  const picked: number[] = [];
  for (let attempt = 0; picked.length < limit; attempt++) {
    if (attempt >= 32 * (limit + 1)) return undefined;
    let at = Math.floor(next() * total);
    let t = 0;
    while (at >= lists[t].length) at -= lists[t++].length;
    const candidate = lists[t][at];
    if (posts[candidate].slug === post.slug || picked.includes(candidate)) continue;
    let earlier = false;
    for (let u = 0; u < t && !earlier; u++) earlier = contains(lists[u], candidate);
    if (!earlier) picked.push(candidate);
  }
  return picked;
}

/** Binary search in an ascending list. */
function contains(list: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] === value) return true;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
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

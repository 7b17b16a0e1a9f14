// Which posts are published: not `draft: true`, and dated on or before the build day in the
// business's time zone (a post dated 2026-12-01 appears from 00:00 America/Denver that day).
// The link stage decides it once, so every later stage (routes, listing, sitemap, related
// posts, feeds) only ever sees the posts this build shows (graph.posts).
import type { ContentGraph, Post, PostStatus } from './types.ts';

/** The business's time zone: a scheduled post's day starts at midnight there. */
export const BUSINESS_TIME_ZONE = 'America/Denver';

const DAY_IN_ZONE = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyy-mm-dd of the instant `ms` in America/Denver. */
export function businessDay(ms: number): string {
  const parts = Object.fromEntries(DAY_IN_ZONE.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Why a post is not published at `buildTime` (ms), or undefined when it is. */
export function publicationStatus(post: Pick<Post, 'draft' | 'date'>, buildTime: number): PostStatus | undefined {
  return statusOn(post, businessDay(buildTime));
}

/** The same, for the business day `today` (yyyy-mm-dd): dates compare as text. */
function statusOn(post: Pick<Post, 'draft' | 'date'>, today: string): PostStatus | undefined {
  if (post.draft === true) return 'draft';
  return post.date > today ? 'scheduled' : undefined;
}

/**
 * Marks every post with its status; unless drafts are shown, moves the unpublished ones from
 * graph.posts to graph.withheld (the order of both stays newest first).
 */
export function selectPublished(graph: ContentGraph, buildTime: number, showDrafts: boolean): void {
  const shown: Post[] = [];
  const withheld: Post[] = [];
  const today = businessDay(buildTime);
  for (const post of graph.posts) {
    const status = statusOn(post, today);
    if (!status) shown.push(post);
    else if (showDrafts) shown.push({ ...post, status });
    else withheld.push({ ...post, status });
  }
  graph.posts = shown;
  graph.withheld = withheld;
}

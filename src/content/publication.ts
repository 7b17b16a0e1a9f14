// Which posts are published: not `draft: true`, and dated on or before the build day in the
// business's time zone (a post dated 2026-12-01 appears from 00:00 America/Denver that day).
// The link stage decides it once, so every later stage (routes, listing, sitemap, related
// posts, feeds) only ever sees the posts this build shows (graph.posts).
import type { ContentGraph, Post, PostStatus } from './types.ts';

/** The business's time zone: a scheduled post's day starts at midnight there. */
export const BUSINESS_TIME_ZONE = 'America/Denver';

/** yyyy-mm-dd of the instant `ms` in America/Denver. */
export function businessDay(ms: number): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const HOUR_MS = 3_600_000;

/** yyyy-mm-dd of the instant `ms` in UTC. */
function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Why a post is not published at `buildTime` (ms), or undefined when it is. */
export function publicationStatus(post: Pick<Post, 'draft' | 'date'>, buildTime: number): PostStatus | undefined {
  return statusOn(post, dayToCompare(post, buildTime, () => businessDay(buildTime)));
}

/**
 * The business day a post's date is compared with. It is the UTC day or a neighbour (every time
 * zone is within UTC−12 and UTC+14): a post dated on or before the earliest it can be is
 * published, one after the latest scheduled, whatever the zone, so the zone's day (whose first
 * format in a process loads ICU's date data, ~30 ms) is only asked for a post dated in between.
 */
function dayToCompare(post: Pick<Post, 'draft' | 'date'>, buildTime: number, zoneDay: () => string): string {
  const latest = utcDay(buildTime + 14 * HOUR_MS);
  const clear = post.draft === true || post.date <= utcDay(buildTime - 12 * HOUR_MS) || post.date > latest;
  return clear ? latest : zoneDay();
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
  let today: string | undefined;
  for (const post of graph.posts) {
    const status = statusOn(post, dayToCompare(post, buildTime, () => (today ??= businessDay(buildTime))));
    if (!status) shown.push(post);
    else if (showDrafts) shown.push({ ...post, status });
    else withheld.push({ ...post, status });
  }
  graph.posts = shown;
  graph.withheld = withheld;
}

// Feed posts' content HTML with absolute URLs, kept between builds (cache/cache.ts: on disk for
// `stitch build`, in memory for dev): parsing and serialising 20 long posts is the feeds' main
// cost, and the newest posts rarely change between two builds.
import { createHash } from 'node:crypto';
import { textKind, type CacheKind } from '../cache/cache.ts';
import { engineVersion } from '../cache/engine-version.ts';

export function feedHtmlCacheKind(): CacheKind<string> {
  return textKind('feeds', engineVersion);
}

/** The key of one post's content: its Markdown HTML and the URL it is resolved against. */
export function feedHtmlKey(html: string, base: string): string {
  return createHash('sha256').update(base).update('\0').update(html).digest('hex');
}

// The blog feeds of the write stage (feeds/blog-feeds.ts), from the posts the route table
// used (published only: drafts and scheduled posts never reach the graph) and the bodies the
// documents stage collected. Feeds are read away from the site: every URL in them must be
// absolute, so a site URL that is not an absolute origin stops the build rather than writing
// `undefined` or a relative link into them.
import { statSync } from 'node:fs';
import { isSiteOrigin } from '../config/site-url.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { blogFeedFiles } from '../feeds/blog-feeds.ts';
import type { BuildState } from './state.ts';

/** The three feed files; a StitchError (the build stops, the output is left as it was) when the site URL cannot make absolute URLs. */
export function feedFiles(state: BuildState): { path: string; contents: string }[] {
  const siteUrl = state.layout?.siteUrl;
  if (typeof siteUrl !== 'string' || !isSiteOrigin(siteUrl)) {
    throw new StitchError([errors.feedsNeedSiteUrl(String(siteUrl ?? ''))]);
  }
  return blogFeedFiles({
    site: state.graph!.site,
    siteUrl,
    posts: state.graph!.posts,
    bodies: state.feedBodies ?? new Map(),
    assetBytes: (path) => {
      try {
        return statSync(`${state.config.assetsDir}${path}`).size;
      } catch {
        return undefined;
      }
    },
  });
}

// Stages 1–2: read, parse and validate content/ (parsed posts come from the post cache when
// their file is unchanged: cache/cache.ts), then link the entities to each other.
import { persistentCaches } from '../cache/cache.ts';
import { postCacheKind, postMemo } from '../cache/post-cache.ts';
import { linkContent } from '../content/link-content.ts';
import { loadContent } from '../content/load-content.ts';
import { selectPublished } from '../content/publication.ts';
import type { BuildOptions, BuildState } from './state.ts';

export async function loadStage(state: BuildState, options: BuildOptions): Promise<void> {
  const { config } = state;
  const cache = await (options.cache ?? persistentCaches(config)).open(postCacheKind());
  const loaded = await loadContent(config.root, config.contentDir, config.assetsDir, { posts: postMemo(cache), texts: options.texts });
  // Posts no longer in the site go; a failed save (full disk, a concurrent build) never fails the build.
  cache.prune();
  await cache.save();
  state.diagnostics.push(...loaded.diagnostics);
  state.graph = loaded.graph;
}

export function linkStage(state: BuildState): void {
  // Drafts and scheduled posts leave here (unless shown): no later stage sees them.
  selectPublished(state.graph!, state.config.buildTime, state.config.drafts);
  state.diagnostics.push(...linkContent(state.graph!));
}

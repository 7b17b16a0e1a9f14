// Stages 1–2: read, parse and validate content/ (parsed posts come from the post cache when
// their file is unchanged: cache/cache.ts), then link the entities to each other.
import { checkPlaceholders, checkUpdatedDates } from '../check/content-fields.ts';
import { postCacheKind, yamlCacheKind } from '../cache/post-cache.ts';
import { linkContent } from '../content/link-content.ts';
import { loadContent } from '../content/load-content.ts';
import { selectPublished } from '../content/publication.ts';
import type { BuildContext, BuildState } from './state.ts';

export async function loadStage(state: BuildState, options: BuildContext): Promise<void> {
  const { config } = state;
  const { caches, mode } = state;
  const cache = await caches.open(postCacheKind());
  // YAML data not in dev: its memory cache would hand the same objects to a build that may change them.
  const yaml = mode === 'build' ? await caches.open(yamlCacheKind()) : undefined;
  // `stitch build` keeps no post body on this thread: the document pass reads each back when it
  // renders it (content/post-bodies.ts). Dev edits bodies in place; check parses every body.
  const keepBodies = mode !== 'build' || options.incremental !== undefined;
  const loaded = await loadContent(config.root, config.contentDir, config.assetsDir, { posts: cache, yaml, texts: options.texts, keepBodies });
  // Entries no longer in the site go; a failed save (full disk, a concurrent build) never fails the build.
  for (const c of [cache, yaml]) {
    c?.prune();
    await c?.save();
  }
  state.diagnostics.push(...loaded.diagnostics);
  state.graph = loaded.graph;
}

export function linkStage(state: BuildState): void {
  // Drafts and scheduled posts leave here (unless shown): no later stage sees them.
  selectPublished(state.graph!, state.config.buildTime, state.config.drafts);
  state.diagnostics.push(...linkContent(state.graph!));
  state.diagnostics.push(...checkUpdatedDates(state.graph!, state.config.buildTime));
  // What `stitch new` leaves to fill in: an error on the live site, a warning in a preview (dev, --drafts).
  state.diagnostics.push(...checkPlaceholders(state.graph!, !state.config.drafts));
}

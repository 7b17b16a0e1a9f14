// Stages 1–2: read, parse and validate content/ (parsed posts come from the post cache when
// their file is unchanged), then link the entities to each other.
import { relative } from 'node:path';
import { PostCache } from '../cache/post-cache.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { linkContent } from '../content/link-content.ts';
import { loadContent } from '../content/load-content.ts';
import type { BuildOptions, BuildState } from './state.ts';

export async function loadStage(state: BuildState, options: BuildOptions): Promise<void> {
  const { config } = state;
  const persistent = options.cache === false ? undefined : await PostCache.open(`${config.cacheDir}/cache`, cacheScope(config));
  const posts = options.postMemo ? options.postMemo.over(persistent) : persistent;
  const loaded = await loadContent(config.root, config.contentDir, config.assetsDir, { posts, texts: options.texts });
  // The cache only saves time: a failed write (full disk, a concurrent build) never fails the build.
  await persistent?.save().catch(() => undefined);
  state.diagnostics.push(...loaded.diagnostics);
  state.graph = loaded.graph;
}

export function linkStage(state: BuildState): void {
  state.diagnostics.push(...linkContent(state.graph!));
}

/** Caches are kept per content folder (relative to the project, so a checkout elsewhere still hits). */
export function cacheScope(config: ResolvedConfig): string {
  return relative(config.root, config.contentDir) || '.';
}

// The templates (server), islands (client) and stylesheet bundles. esbuild works off the main
// thread, so the bundles are started before the content loads and awaited when pages render.
// Dev rebuilds take a bundle from the previous build when its sources did not change; with the
// file caches (stitch build) a bundle whose inputs did not change comes from the store
// (cache/bundle-cache.ts) and esbuild is not started.
import type { Caches } from '../cache/cache.ts';
import { bundleIslands, listIslands, type ClientBundle } from '../islands/bundle-islands.ts';
import { bundleStyles, type StyleBundle } from '../render/bundle-styles.ts';
import { bundleTemplates, type ServerBundle } from '../render/bundle-templates.ts';
import type { BuildContext, BuildState } from './state.ts';

export interface Bundles {
  server: ServerBundle;
  client: ClientBundle;
  styles: StyleBundle;
}

/** Starts the three bundles; the promise settles with them or with the error (never rejects unobserved). */
export function startBundles(state: BuildState, options: BuildContext): Promise<Bundles | { error: unknown }> {
  const { config } = state;
  const reuse = options.incremental?.reuse ?? {};
  const previous = options.incremental?.previous;
  const minify = options.minify;
  const cache = bundleCaches(state);
  const client = async () => (reuse.client && previous?.client ? previous.client
    : bundleIslands(config.root, config.templatesDir, await listIslands(config.templatesDir), { minify, cache }));
  return Promise.all([
    reuse.server && previous?.server ? previous.server : bundleTemplates(config.root, config.templatesDir, config.cacheDir, cache),
    client(),
    reuse.styles && previous?.styles ? previous.styles : bundleStyles(config.root, config.templatesDir, minify, cache),
  ]).then(([server, client, styles]) => ({ server, client, styles }), (error: unknown) => ({ error }));
}

/** The caches that keep bundles in `stitch build`; none in dev (it keeps the last build's bundles) and check. */
export function bundleCaches(state: BuildState): Caches | undefined {
  return state.mode === 'build' ? state.caches : undefined;
}

/** Puts the finished bundles into the state; a bundling error is thrown here, in stage order. */
export async function bundleStage(state: BuildState, bundles: Promise<Bundles | { error: unknown }>): Promise<void> {
  const done = await bundles;
  if ('error' in done) throw done.error;
  state.server = done.server;
  state.client = done.client;
  state.styles = done.styles;
}

// The pipeline in one function, one stage call per line; each stage is a module of src/pipeline/
// working on one BuildState. build, dev and check run these same stages (docs/architecture.md).
import { relative } from 'node:path';
import type { ResolvedConfig } from './config/resolve-config.ts';
import { checkConfig } from './config/site-url.ts';
import { cachesFor } from './cache/file-cache.ts';
import { enrichDiagnostics } from './content/locate-diagnostics.ts';
import { errors } from './errors/catalogue.ts';
import { hasErrors, StitchError, wrapError, type Diagnostic } from './errors/diagnostic.ts';
import { writeErrorDiagnostic } from './output/out-dir-guard.ts';
import { bundleStage, startBundles } from './pipeline/bundles.ts';
import { cardsStage } from './pipeline/cards.ts';
import { documentsStage } from './pipeline/documents.ts';
import { linkStage, loadStage } from './pipeline/load.ts';
import { applyBodyEdits, bodyEdits } from './pipeline/post-edits.ts';
import { encodeStage, imagesStage, routesStage } from './pipeline/routes.ts';
import { stageMade } from './pipeline/progress.ts';
import { newState, resolveBuildOptions, type BuildContext, type BuildOptions, type BuildResult, type BuildState } from './pipeline/state.ts';
import { linksStage, warningsStage, weightsStage } from './pipeline/verify.ts';
import { writeStage } from './pipeline/write.ts';

export type { BuildOptions, BuildResult, BuildState } from './pipeline/state.ts';
export { pageKeys, renderContext } from './pipeline/documents.ts';

export async function build(config: ResolvedConfig, buildOptions: BuildOptions = {}): Promise<BuildResult> {
  const options = resolveBuildOptions(config, buildOptions); // the one place defaults are decided
  const state = newState(config, options.mode, options.cache);
  // Errors stop the build, unless `check` asked it to keep going to report everything at once.
  const stop = () => hasErrors(state.diagnostics) && !options.keepGoing;
  /** Runs a stage, its wall time added to `state.timings[timing]`; the progress hears of it as `name` once it is done. */
  const stage = async <T>(name: string, fn: () => Promise<T> | T, timing = name): Promise<T> => {
    const start = performance.now();
    let result: T;
    try {
      result = await fn();
    } finally {
      state.timings[timing] = (state.timings[timing] ?? 0) + performance.now() - start;
    }
    options.onProgress?.({ type: 'stage', stage: name, made: stageMade(state, name), ms: performance.now() - start });
    return result;
  };
  try {
    state.diagnostics.push(...checkConfig(config));
    if (hasErrors(state.diagnostics)) return await failed(state, options);
    const bundles = startBundles(state, options); // esbuild works while the content loads

    const edits = await bodyEdits(state, options); // dev: only posts' bodies changed since the previous build
    if (edits) await stage('content', () => applyBodyEdits(state, options.incremental!.previous, edits));
    else {
      const before = state.diagnostics.length;
      await stage('content', () => loadStage(state, options));
      if (!state.graph || stop()) return await failed(state, options);
      await stage('link', () => linkStage(state));
      if (stop()) return await failed(state, options);
      await stage('images', () => imagesStage(state, options));
      await stage('routes', () => routesStage(state, options));
      state.contentDiagnostics = state.diagnostics.slice(before);
    }
    if (stop()) return await failed(state, options);
    await stage('warnings', () => warningsStage(state, options));
    await stage('bundle', () => bundleStage(state, bundles));
    const referenced = await stage('render', () => documentsStage(state, options));
    if (stop()) return await failed(state, options);
    await settled([stage('photos', () => encodeStage(state, options, referenced), 'images'), stage('cards', () => cardsStage(state, options))]); // photos and cards at once

    if (options.links) await stage('links', () => linksStage(state, options));
    weightsStage(state, options);
    if (stop()) return await failed(state, options);
    await stage('write', () => writeStage(state, options));
    const ok = !hasErrors(state.diagnostics);
    if (ok) await options.writer?.commit();
    return { ok, state: await finished(state, options) };
  } catch (error) {
    state.diagnostics.push(...(error instanceof StitchError ? error.diagnostics : [unexpected(state, error)]));
    return await failed(state, options);
  }
}

/** Waits for every one of `stages`, then throws the first failure: none runs on after the build has failed. */
async function settled(stages: Promise<unknown>[]): Promise<void> {
  for (const result of await Promise.allSettled(stages)) if (result.status === 'rejected') throw result.reason;
}

/** A failed build: its diagnostics point into the editor's files; nothing it wrote is kept. */
async function failed(state: BuildState, options: BuildContext): Promise<BuildResult> {
  await options.writer?.abort();
  return { ok: false, state: await finished(state, options) };
}

async function finished(state: BuildState, options: BuildContext): Promise<BuildState> {
  state.diagnostics = located(state, options);
  // A cache only saves time: one that could not be written is a warning, and the build went on without it.
  const problems = new Set([...state.caches.problems(), ...(state.images?.cacheProblems ?? [])]);
  for (const problem of problems) state.diagnostics.push(errors.cacheNotKept(problem));
  return state;
}

/**
 * The diagnostics with line and code frame. One a dev rebuild took over from the previous build
 * (the same object), about a file it did not change, is as that build placed it: no file is read again.
 */
function located(state: BuildState, options: BuildContext): Diagnostic[] {
  const previous = options.incremental?.previous.located;
  const changed = new Set(options.incremental?.changed?.map((path) => relative(state.config.root, path)));
  const kept = (d: Diagnostic) => (d.file !== undefined && changed.has(d.file) ? undefined : previous?.get(d));
  const fresh = enrichDiagnostics(state.diagnostics.filter((d) => !kept(d)), state.config.root);
  const located = new Map<Diagnostic, Diagnostic>();
  let next = 0;
  for (const d of state.diagnostics) located.set(d, kept(d) ?? fresh[next++]);
  state.located = located;
  return state.diagnostics.map((d) => located.get(d)!);
}

function unexpected(state: BuildState, error: unknown) {
  const { config } = state;
  return writeErrorDiagnostic(error, config) ?? { ...wrapError(error, 'building the site'), ...(config.debug && error instanceof Error ? { frame: error.stack } : {}) };
}

// The site's warnings (check/site-warnings.ts); after the pages, the link check and what every
// page weighs against the budgets of site.yaml.
import { checkBudgets, gzipSizes, resolveBudgets, weighPages } from '../budgets/budgets.ts';
import { relative } from 'node:path';
import type { PageFindings } from '../check/check-links.ts';
import { missingAssets } from '../check/site-index.ts';
import { checkLinksCached } from '../check/link-verdict.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { type BuildContext, type BuildState } from './state.ts';

/**
 * The warnings every command reports: one rule set for build, check and dev. A route table taken
 * over has the same warnings, and the same Markdown warnings but for the posts edited.
 */
export async function warningsStage(state: BuildState, options: BuildContext): Promise<void> {
  const { markdownWarnings, routeWarnings } = await import('../check/site-warnings.ts');
  const graph = state.graph!;
  const previous = state.routesTakenOver ? options.incremental?.previous : undefined;
  state.routeWarnings = previous?.routeWarnings ?? routeWarnings(graph, state.routes, state.config);
  if (!previous?.markdownWarnings) state.markdownWarnings = await markdownWarnings(graph, state.config);
  else {
    const unchanged = new Set(previous.graph!.posts);
    const edited = new Set(graph.posts.filter((post) => !unchanged.has(post)));
    // Checked again: the pages' bodies (cached) and the edited posts'; in the order a full check gives.
    const fresh = byFile(await markdownWarnings({ ...graph, posts: [...edited] }, state.config));
    const before = byFile(previous.markdownWarnings);
    const posts = new Set<string | undefined>(graph.posts.map((post) => post.origin.file));
    state.markdownWarnings = [...[...fresh].filter(([file]) => !posts.has(file)).flatMap(([, list]) => list), ...graph.posts.flatMap((post) => (edited.has(post) ? fresh : before).get(post.origin.file) ?? [])];
  }
  state.diagnostics.push(...state.markdownWarnings, ...state.routeWarnings);
}

function byFile(diagnostics: Diagnostic[]): Map<string | undefined, Diagnostic[]> {
  const out = new Map<string | undefined, Diagnostic[]>();
  for (const d of diagnostics) out.set(d.file, [...(out.get(d.file) ?? []), d]);
  return out;
}

/**
 * The link check; its last verdict is kept (check/link-verdict.ts) while nothing it reads
 * changes. A dev rebuild that took the route table over checks only the pages it rendered.
 */
export async function linksStage(state: BuildState, options: BuildContext): Promise<void> {
  const record = new Map<string, PageFindings>();
  state.linkFindings = record;
  const known = keptFindings(state, options.incremental);
  if (!known) state.diagnostics.push(...await checkLinksCached(state, state.caches, record));
  else state.diagnostics.push(...(await import('../check/check-links.ts')).checkBuiltLinksWith(state, { known, record }).diagnostics);
}

/**
 * The previous build's findings of the pages this one kept, when they stand: every link target
 * is the same (the route table was taken over, no asset is missing), each page rendered again
 * has the ids it had (a #fragment into it resolves as before), and none is placed in a changed file.
 */
function keptFindings(state: BuildState, incremental: BuildContext['incremental']): Map<string, PageFindings> | undefined {
  const previous = incremental?.previous;
  if (!state.routesTakenOver || !previous?.linkFindings || !incremental?.changed || missingAssets(state.diagnostics).size > 0) return undefined;
  const changed = new Set(incremental.changed.map((path) => relative(state.config.root, path)));
  const known = new Map<string, PageFindings>();
  for (const [output, { route, facts }] of state.pages) {
    const before = previous.pages.get(output)?.facts;
    const findings = previous.linkFindings.get(route.path) as PageFindings | undefined;
    if (facts === before && findings) {
      if (!findings.some(({ file }) => file !== undefined && changed.has(file))) known.set(route.path, findings);
    } else if (!before || JSON.stringify(facts.links?.ids) !== JSON.stringify(before.links?.ids)) return undefined;
  }
  return known;
}

/** Weighs the pages (for the CLI's report) and, when asked, checks them against the budgets. */
export function weightsStage(state: BuildState, options: BuildContext): void {
  if (!options.weighPages) return;
  const styles = state.styles?.href ? [state.styles.href] : [];
  state.weights = weighPages(state.pages.values(), gzipSizes([...(state.client?.files ?? []), ...(state.styles?.files ?? [])]), styles);
  const responsive = new Set(Object.keys(state.images?.manifest ?? {}));
  if (options.budgets) state.diagnostics.push(...checkBudgets(state.weights, resolveBudgets(state.graph!.site), responsive));
}

// The site's warnings (check/site-warnings.ts, from the content and the route table); after the
// pages, the link check (every internal link, #fragment and referenced file of the pages as
// rendered) and what every page weighs against the budgets of site.yaml.
import { checkBudgets, gzipSizes, resolveBudgets, weighPages } from '../budgets/budgets.ts';
import { relative } from 'node:path';
import type { PageFindings } from '../check/check-links.ts';
import { missingAssets } from '../check/link-inputs.ts';
import { checkLinksCached } from '../check/link-verdict.ts';
import { type BuildContext, type BuildState } from './state.ts';

/** The warnings every command reports: one rule set for build, check and dev. A route table taken over has the same warnings. */
export async function warningsStage(state: BuildState, options: BuildContext): Promise<void> {
  const { routeWarnings, siteWarnings } = await import('../check/site-warnings.ts');
  const taken = state.routesTakenOver ? options.incremental?.previous.routeWarnings : undefined;
  state.routeWarnings = taken ?? routeWarnings(state.graph!, state.routes, state.config);
  state.diagnostics.push(...await siteWarnings(state.graph!, state.routes, state.config, state.caches, state.routeWarnings));
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
  else state.diagnostics.push(...(await import('../check/built-links.ts')).checkBuiltLinksWith(state, { known, record }).diagnostics);
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
      if (!findings.some(({ finding }) => finding.where && changed.has(finding.where.file))) known.set(route.path, findings);
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

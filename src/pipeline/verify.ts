// The site's warnings (check/site-warnings.ts, from the content and the route table); after the
// pages, the link check (every internal link, #fragment and referenced file of the pages as
// rendered) and what every page weighs against the budgets of site.yaml.
import { checkBudgets, gzipSizes, resolveBudgets, weighPages } from '../budgets/budgets.ts';
import { checkLinksCached } from '../check/link-verdict.ts';
import { type BuildContext, type BuildState } from './state.ts';

/** The warnings every command reports: one rule set for build, check and dev. */
export async function warningsStage(state: BuildState): Promise<void> {
  const { siteWarnings } = await import('../check/site-warnings.ts');
  state.diagnostics.push(...await siteWarnings(state.graph!, state.routes, state.config));
}

/** The link check; its last verdict is kept (check/link-verdict.ts) while nothing it reads changes. */
export async function linksStage(state: BuildState): Promise<void> {
  state.diagnostics.push(...await checkLinksCached(state, state.caches));
}

/** Weighs the pages (for the CLI's report) and, when asked, checks them against the budgets. */
export function weightsStage(state: BuildState, options: BuildContext): void {
  if (!options.weighPages) return;
  const styles = state.styles?.href ? [state.styles.href] : [];
  state.weights = weighPages(state.pages.values(), gzipSizes([...(state.client?.files ?? []), ...(state.styles?.files ?? [])]), styles);
  const responsive = new Set(Object.keys(state.images?.manifest ?? {}));
  if (options.budgets) state.diagnostics.push(...checkBudgets(state.weights, resolveBudgets(state.graph!.site), responsive));
}

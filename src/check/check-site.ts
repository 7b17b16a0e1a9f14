// stitch check: everything `build` validates (its links and page-weight budgets included),
// then warnings on the rendered site, computed in memory (nothing is written to disk; no Markdown or post cache: cachesFor). The build keeps going past errors it can survive, so
// one run reports every problem; each diagnostic points at the file and line to change.
import { build, type BuildState } from '../build.ts';
import { cachesFor } from '../cache/cache.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { enrichDiagnostics } from '../content/locate-diagnostics.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { MemoryWriter } from '../output/writer.ts';
import { checkMarkdown, markdownSources } from './check-markdown.ts';
import { checkSeo } from './check-seo.ts';
import { checkPlaceholders } from './check-placeholders.ts';
import { checkTags } from './check-tags.ts';
import { scheduledPosts } from './scheduled-posts.ts';
import { SourceLocator } from './source-locator.ts';

export interface CheckResult {
  /** Every problem found, sorted by file, line and column. */
  diagnostics: Diagnostic[];
  /** Pages rendered and checked. */
  pages: number;
  /** The build behind the check. */
  state: BuildState;
}

export async function checkSite(config: ResolvedConfig): Promise<CheckResult> {
  const writer = new MemoryWriter();
  // The build runs the rules that decide errors (content, links, page-weight budgets), so
  // `build` and `check` give the same verdict; the checks below add warnings.
  const { state } = await build(config, { writer, copyAssets: true, keepGoing: true, links: true, budgets: true, cache: cachesFor('check', config) });
  const found: Diagnostic[] = [];
  const locator = new SourceLocator(config.root, config.contentDir, config.templatesDir);
  if (state.graph) {
    found.push(...checkMarkdown(markdownSources(state.graph), locator));
    found.push(...checkTags(state.graph));
    found.push(...scheduledPosts(state.graph.withheld));
    found.push(...checkPlaceholders(state.graph));
  }
  if (state.pages.size > 0 && state.graph) {
    found.push(...checkSeo([...state.pages.values()], state.graph.site.name, locator));
  }
  if (config.deployHookUrl) found.push(errors.deployHookPublic());
  const diagnostics = sortDiagnostics([...state.diagnostics, ...enrichDiagnostics(found, config.root)]);
  return { diagnostics, pages: state.pages.size, state };
}

/** Stable order for every output format: by file (site-wide last), line, column, code. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.file ?? '\uffff').localeCompare(b.d.file ?? '\uffff')
      || (a.d.line ?? 0) - (b.d.line ?? 0)
      || (a.d.column ?? 0) - (b.d.column ?? 0)
      || a.i - b.i)
    .map(({ d }) => d);
}

/** --strict: every warning counts as an error. */
export function strict(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d));
}

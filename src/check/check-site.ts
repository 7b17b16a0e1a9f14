// stitch check: everything `build` validates and warns about (its links and page-weight budgets
// included), computed in memory: nothing is written to disk. The build keeps going past errors
// it can survive, so one run reports every problem at the file and line to change.
import { build, type BuildState } from '../build.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { formatLongDate } from '../content/dates.ts';
import { enrichDiagnostics } from '../content/locate-diagnostics.ts';
import type { Post } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { MemoryWriter } from '../output/writer.ts';

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
  // The build runs every rule (content, warnings, links, page-weight budgets), so `build` and
  // `check` give the same verdict.
  const { state } = await build(config, { writer, copyAssets: true, keepGoing: true, links: true, budgets: true, mode: 'check' });
  // The build's diagnostics hold the warnings too (check/site-warnings.ts): the same as `build`
  // and `dev` give. Check adds notes: when each scheduled post appears.
  const notes = state.graph ? scheduledPosts(state.graph.withheld) : [];
  const diagnostics = sortDiagnostics([...state.diagnostics, ...enrichDiagnostics(notes, config.root)]);
  return { diagnostics, pages: state.pages.size, state };
}

/** Each scheduled post and the day it appears (a note, not a problem): what the next builds will publish. */
function scheduledPosts(withheld: Post[]): Diagnostic[] {
  return withheld
    .filter((p) => p.status === 'scheduled')
    .sort((a, b) => a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug))
    .map((p) => errors.scheduledPost({ file: p.origin.file, field: 'date' }, p.title, formatLongDate(p.date)));
}

/** One order for every output format: by file (site-wide last), line, column; sort() is stable. */
function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff')
    || (a.line ?? 0) - (b.line ?? 0)
    || (a.column ?? 0) - (b.column ?? 0));
}

/** --strict: every warning counts as an error. */
export function strict(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d));
}

// The CLI's page-weight report: per route kind, the page count and the largest gzip sizes.
import type { BuildState } from './state.ts';
import { compareText } from '../content/compare-text.ts';

/** Per route kind: page count and the largest gzip sizes of HTML and JS. */
export function sizeReport(state: BuildState, jsSizes: (src: string) => number): { kind: string; pages: number; html: number; js: number }[] {
  const rows = new Map<string, { kind: string; pages: number; html: number; js: number }>();
  for (const page of state.pages.values()) {
    const row = rows.get(page.route.kind) ?? { kind: page.route.kind, pages: 0, html: 0, js: 0 };
    row.pages++;
    // The largest pages of each kind are measured (budgets/page-weight.ts).
    row.html = Math.max(row.html, page.facts.gzip ?? 0);
    row.js = Math.max(row.js, page.facts.scripts.reduce((sum, s) => sum + jsSizes(s), 0));
    rows.set(row.kind, row);
  }
  return [...rows.values()].sort((a, b) => compareText(a.kind, b.kind));
}

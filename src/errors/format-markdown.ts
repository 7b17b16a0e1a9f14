// The report as Markdown, for a CI job's summary (`check --summary FILE`; GitHub's
// $GITHUB_STEP_SUMMARY): GitHub shows at most 10 warning annotations per step, the summary
// every problem, grouped by file as the terminal report is.
import type { Diagnostic } from './diagnostic.ts';
import { byFile, summary } from './format.ts';

/** Markdown and HTML punctuation, backslash-escaped: the text shows as it is, never as markup. */
const escapeText = (text: string) => text.replace(/[\\`*_[\]<>&|~]/g, '\\$&');

/** A message with its `code spans` kept (they render as written); everything else escaped. */
function inline(text: string): string {
  const parts = text.replace(/\s*\n\s*/g, ' ').split('`');
  return parts.map((part, i) => {
    if (i % 2 === 0) return escapeText(part);
    return i < parts.length - 1 ? `\`${part}\`` : `\\\`${escapeText(part)}`; // an unpaired backtick is text
  }).join('');
}

const SEVERITY = { error: '**error**', warning: '**warning**', info: 'note' } as const;

export function formatMarkdown(diagnostics: Diagnostic[], pages: number): string {
  const problems = diagnostics.filter((d) => d.severity !== 'info').length;
  const out = [`## stitch check: ${summary(diagnostics)}`, '', problems === 0 ? `No problems found in ${pages} pages.` : `Checked ${pages} pages.`, ''];
  for (const [file, list] of byFile(diagnostics)) {
    out.push(`### ${escapeText(file)}`, '');
    for (const d of list) {
      const where = d.line ? `line ${d.line}${d.column ? `:${d.column}` : ''}: ` : '';
      out.push(`- ${SEVERITY[d.severity]} ${where}${inline(d.message)} (\`${d.code}\`)${d.hint ? `<br>Hint: ${inline(d.hint)}` : ''}`);
    }
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

// One formatter, several outputs: terminal text, JSON for tools, GitHub annotations for CI, and
// Markdown for a CI job's summary (`check --summary FILE`; GitHub's $GITHUB_STEP_SUMMARY): GitHub
// shows at most 10 warning annotations per step, the summary every problem, grouped by file.
import { styleText } from 'node:util';
import type { Diagnostic } from './diagnostic.ts';

export type Format = 'text' | 'json' | 'github';

type Style = 'red' | 'yellow' | 'dim' | 'bold';

/** Node's own ANSI styles; the caller decides whether to colour (the overlay colours for HTML, whatever the terminal). */
const styled = (color: boolean) => (style: Style, text: string) => (color ? styleText(style, text, { validateStream: false }) : text);

export function location(d: Diagnostic): string {
  if (!d.file) return '';
  return [d.file, d.line, d.line && d.column ? d.column : undefined].filter((x) => x !== undefined).join(':');
}

/** The diagnostics of each file (`(site)` for those of no file), files in order. */
export function byFile(diagnostics: Diagnostic[]): [string, Diagnostic[]][] {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const key = d.file ?? '(site)';
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** Text report grouped by file, then a summary line. */
export function formatText(diagnostics: Diagnostic[], color = false): string {
  const c = styled(color);
  const out: string[] = [];
  for (const [file, list] of byFile(diagnostics)) {
    out.push(c('bold', file));
    for (const d of list) {
      const sev = d.severity === 'error' ? c('red', 'error') : d.severity === 'info' ? c('dim', 'info') : c('yellow', 'warning');
      const loc = location(d) || file;
      out.push(`  ${loc} ${sev} ${d.message} ${c('dim', `[${d.code}]`)}`);
      if (d.frame) out.push(d.frame.split('\n').map((l) => `    ${c('dim', l)}`).join('\n'));
      if (d.hint) out.push(`    ${c('dim', 'hint:')} ${d.hint}`);
    }
    out.push('');
  }
  out.push(summary(diagnostics));
  return out.join('\n');
}

export function summary(diagnostics: Diagnostic[]): string {
  const e = diagnostics.filter((d) => d.severity === 'error').length;
  const i = diagnostics.filter((d) => d.severity === 'info').length;
  const w = diagnostics.length - e - i;
  return `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}${i > 0 ? `, ${i} note${i === 1 ? '' : 's'}` : ''}`;
}

/**
 * JSON report, a stable shape:
 * { version: 1, errors: number, warnings: number, diagnostics: [{ code, severity, title, message, hint, file, line, column, field }] }
 * (severity "info": a note such as a scheduled post, counted in neither)
 */
export function formatJson(diagnostics: Diagnostic[]): string {
  const e = diagnostics.filter((d) => d.severity === 'error').length;
  const i = diagnostics.filter((d) => d.severity === 'info').length;
  return JSON.stringify({
    version: 1,
    errors: e,
    warnings: diagnostics.length - e - i,
    diagnostics: diagnostics.map(({ frame: _frame, ...d }) => ({
      code: d.code, severity: d.severity, title: d.title, message: d.message,
      hint: d.hint ?? null, file: d.file ?? null, line: d.line ?? null, column: d.column ?? null, field: d.field ?? null,
    })),
  }, null, 2);
}

/** GitHub Actions workflow commands, one annotation per diagnostic. */
export function formatGithub(diagnostics: Diagnostic[]): string {
  const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return diagnostics.map((d) => {
    const props = [
      d.file && `file=${prop(d.file)}`,
      d.line && `line=${d.line}`,
      d.column && `col=${d.column}`,
      `title=${prop(d.title)}`,
    ].filter(Boolean).join(',');
    return `::${d.severity === 'error' ? 'error' : d.severity === 'info' ? 'notice' : 'warning'} ${props}::${esc(d.message + (d.hint ? ` Hint: ${d.hint}` : ''))}`;
  }).join('\n');
}

export function formatDiagnostics(diagnostics: Diagnostic[], format: Format, color = false): string {
  if (format === 'json') return formatJson(diagnostics);
  if (format === 'github') return formatGithub(diagnostics);
  return formatText(diagnostics, color);
}

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

// Fills in line, column and code frame for diagnostics that name a file and a field but no
// line yet (cross-reference checks run after parsing), by re-reading that file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { codeFrame, type Diagnostic } from '../errors/diagnostic.ts';
import { normalizeSource, parseMarkdownSource, parseYamlSource, type SourceDoc } from './parse-source.ts';

export function parseFieldPath(field: string): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (const part of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(part[2] !== undefined ? Number(part[2]) : part[1]);
  return path;
}

export function enrichDiagnostics(diagnostics: Diagnostic[], root: string): Diagnostic[] {
  const docs = new Map<string, { doc?: SourceDoc; text?: string }>();
  const load = (file: string) => {
    if (!docs.has(file)) {
      try {
        const text = normalizeSource(readFileSync(resolve(root, file), 'utf8'));
        const doc = file.endsWith('.md') ? parseMarkdownSource(file, text).parsed?.doc : parseYamlSource(file, text).doc;
        docs.set(file, { doc, text });
      } catch {
        docs.set(file, {});
      }
    }
    return docs.get(file)!;
  };
  return diagnostics.map((d) => {
    if (!d.file) return d;
    const { doc, text } = load(d.file);
    let out = d;
    if (!d.line && d.field && doc && !d.field.startsWith('(')) out = { ...d, ...doc.locate(parseFieldPath(d.field)) };
    if (!out.frame && out.line && text !== undefined) out = { ...out, frame: codeFrame(text, out.line, out.column) };
    return out;
  });
}

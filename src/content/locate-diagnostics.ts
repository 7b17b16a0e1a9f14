// Fills in line, column and code frame for diagnostics that name a file and a field but no
// line yet (cross-reference checks run after parsing), by re-reading that file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { codeFrame, type Diagnostic } from '../errors/diagnostic.ts';
import { normalizeSource, parseMarkdownSource, parseYamlSource, type SourceDoc } from './parse-source.ts';

const needsLocating = (d: Diagnostic) => Boolean(d.file && !d.line && d.field && !d.field.startsWith('('));

export function parseFieldPath(field: string): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (const part of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(part[2] !== undefined ? Number(part[2]) : part[1]);
  return path;
}

export function enrichDiagnostics(diagnostics: Diagnostic[], root: string): Diagnostic[] {
  // A file is parsed only when a diagnostic needs a field located (most already have their line).
  const docs = new Map<string, { doc: () => SourceDoc | undefined; text?: string }>();
  const load = (file: string) => {
    if (!docs.has(file)) {
      try {
        const text = normalizeSource(readFileSync(resolve(root, file), 'utf8'));
        let doc: SourceDoc | undefined | null = null;
        const parse = () => (doc === null ? (doc = file.endsWith('.md') ? parseMarkdownSource(file, text).parsed?.doc : parseYamlSource(file, text).doc) : doc);
        docs.set(file, { doc: parse, text });
      } catch {
        docs.set(file, { doc: () => undefined });
      }
    }
    return docs.get(file)!;
  };
  return diagnostics.map((d) => {
    if (!d.file) return d;
    const { doc: parsed, text } = load(d.file);
    let out = d;
    if (needsLocating(d) && text !== undefined) {
      const position = parsed()?.locate(parseFieldPath(d.field!));
      if (position) out = { ...d, ...position };
    }
    if (!out.frame && out.line && text !== undefined) out = { ...out, frame: codeFrame(text, out.line, out.column) };
    return out;
  });
}

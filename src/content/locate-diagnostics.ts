// Fills in line, column and code frame for diagnostics that name a file and a field but no
// line yet (cross-reference checks run after parsing), by re-reading that file.
import { hash as oneShot } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { postEngineVersion } from '../cache/post-cache.ts';
import { jsonKind, type Cache, type Caches, type CacheKind } from '../cache/cache.ts';
import { codeFrame, type Diagnostic } from '../errors/diagnostic.ts';
import { normalizeSource, parseMarkdownSource, parseYamlSource, type Position, type SourceDoc } from './parse-source.ts';

/**
 * Where a field of a file's text is, as located before: a warning that every build gives (a
 * dropped reference in a YAML file whose data comes from the YAML cache) is then placed without
 * loading the YAML parser. Keyed by the parser's version, the file, its text and the field.
 */
function locationsCacheKind(): CacheKind<Position> {
  return jsonKind('locations', postEngineVersion(), (v) => Number.isInteger(v?.line) && Number.isInteger(v?.column));
}

/** enrichDiagnostics, with the positions it finds kept in (and taken from) the build's caches. */
export async function locateDiagnostics(diagnostics: Diagnostic[], root: string, caches: Caches): Promise<Diagnostic[]> {
  // The cache is opened only when a field is to be located; every diagnostic with a line gets its code frame.
  if (!diagnostics.some(needsLocating)) return enrichDiagnostics(diagnostics, root);
  const cache = await caches.open(locationsCacheKind());
  const located = enrichDiagnostics(diagnostics, root, cache);
  cache.prune();
  await cache.save();
  return located;
}

const needsLocating = (d: Diagnostic) => Boolean(d.file && !d.line && d.field && !d.field.startsWith('('));

export function parseFieldPath(field: string): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (const part of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(part[2] !== undefined ? Number(part[2]) : part[1]);
  return path;
}

export function enrichDiagnostics(diagnostics: Diagnostic[], root: string, positions?: Cache<Position>): Diagnostic[] {
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
      const key = positions && oneShot('sha256', `${d.file}\0${d.field}\0${text}`);
      let position = key ? positions!.get(key) : undefined;
      if (!position) {
        position = parsed()?.locate(parseFieldPath(d.field!));
        if (key && position) positions!.set(key, { line: position.line, column: position.column });
      }
      if (position) out = { ...d, ...position };
    }
    if (!out.frame && out.line && text !== undefined) out = { ...out, frame: codeFrame(text, out.line, out.column) };
    return out;
  });
}

// Parses YAML files and Markdown front matter, keeping positions so every later
// diagnostic can point at the file and line an editor has to change.
import { createRequire } from 'node:module';
import type Matter from 'gray-matter';
import type * as Yaml from 'yaml';
import type { Document } from 'yaml';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

// The parsers are loaded on first use: a build whose files all come from the caches (nothing
// edited) parses nothing, and loading yaml and gray-matter was a tenth of its start-up. Node's
// module cache keeps them once loaded.
const load = createRequire(import.meta.url);
const yaml = () => load('yaml') as typeof Yaml;
const matter = () => load('gray-matter') as typeof Matter;

export type FieldPath = readonly PropertyKey[];

export interface Position {
  line: number;
  column: number;
}

export interface SourceDoc {
  /** Path relative to the project root. */
  file: string;
  /** Parsed plain data. */
  data: unknown;
  /**
   * Position of a field (or of its closest existing parent when the field is missing); `atKey`:
   * of its key rather than its value (an unknown key is marked where it is written).
   */
  locate(path: FieldPath, atKey?: boolean): Position;
}

export interface ParsedMarkdown {
  doc: SourceDoc;
  /** Markdown body after the front matter. */
  body: string;
  /** 1-based line where the body starts in the file. */
  bodyLine: number;
}

export function fieldName(path: FieldPath): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/**
 * A source file's text as the parsers want it: without a UTF-8 byte order mark and with Windows
 * line endings (CRLF) turned into LF, as editors on Windows write them. Line numbers stay the
 * same (one line ending for another), and so do columns (the \r sat at the end of a line; an
 * editor does not count the BOM).
 */
export function normalizeSource(text: string): string {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return unmarked.includes('\r') ? unmarked.replace(/\r\n?/g, '\n') : unmarked;
}

/** Parses YAML text; `lineOffset` shifts lines when the YAML sits inside another file. */
export function parseYamlSource(file: string, source: string, lineOffset = 0): { doc?: SourceDoc; diagnostics: Diagnostic[] } {
  const text = normalizeSource(source);
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true, logLevel: 'error' });
  const diagnostics: Diagnostic[] = [];
  for (const error of document.errors) {
    const pos = error.linePos?.[0];
    const reason = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const where = { file, line: pos ? pos.line + lineOffset : undefined, column: pos?.col };
    diagnostics.push(lineOffset ? errors.frontMatterSyntax(where, reason) : errors.yamlSyntax(where, reason));
  }
  if (diagnostics.length > 0) return { diagnostics };
  let data: unknown;
  try {
    // The yaml library refuses aliases that expand without bound (a "billion laughs" file)
    // and aliases to anchors not yet defined: both throw here, not as parse errors.
    data = document.toJS({ maxAliasCount: MAX_ALIASES }) ?? {};
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const pos = lineCounter.linePos(firstAliasOffset(document) ?? 0);
    const where = { file, line: pos.line + lineOffset, column: pos.col };
    if (/alias count/i.test(reason)) return { diagnostics: [errors.yamlAliasLimit(where, MAX_ALIASES)] };
    return { diagnostics: [lineOffset ? errors.frontMatterSyntax(where, reason) : errors.yamlSyntax(where, reason)] };
  }
  const locate = (path: FieldPath, atKey = false): Position => locateIn(document, lineCounter, path, lineOffset, atKey);
  return { doc: { file, data, locate }, diagnostics };
}

/** How far aliases (`*name`) may expand a file, as the yaml library counts (its default). */
const MAX_ALIASES = 100;

function firstAliasOffset(document: Document): number | undefined {
  let offset: number | undefined;
  const { visit } = yaml();
  visit(document, {
    Alias(_key, node) {
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset;
}

function locateIn(document: Document, lineCounter: Yaml.LineCounter, path: FieldPath, lineOffset: number, atKey: boolean): Position {
  const { isMap, isSeq, isNode } = yaml();
  let node: unknown = document.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [i, key] of path.entries()) {
    if (isMap(node)) {
      // toJS turns every key into a property name (a `1:` key becomes "1"), so compare as text.
      const pair = node.items.find((p) => String(isNode(p.key) ? (p.key as { value?: unknown }).value : p.key) === String(key));
      if (!pair) break;
      // A present field points at its value (or its key when asked); a scalar key is a fine fallback.
      const wantKey = atKey && i === path.length - 1;
      offset = (wantKey ? rangeStart(pair.key) : rangeStart(pair.value) ?? rangeStart(pair.key)) ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number' && node.items[key] !== undefined) {
      node = node.items[key];
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  const pos = lineCounter.linePos(offset);
  return { line: pos.line + lineOffset, column: pos.col };
}

function rangeStart(node: unknown): number | undefined {
  return yaml().isNode(node) && node.range ? node.range[0] : undefined;
}

/** Splits front matter (gray-matter) and parses it with positions. */
export function parseMarkdownSource(file: string, source: string): { parsed?: ParsedMarkdown; diagnostics: Diagnostic[] } {
  const text = normalizeSource(source);
  if (!/^---\r?\n/.test(text)) {
    return {
      diagnostics: [errors.frontMatterSyntax({ file, line: 1, column: 1 }, 'the file must start with a `---` line followed by YAML front matter and another `---` line')],
    };
  }
  // Our own YAML parser does the parsing; gray-matter only splits (and must not cache).
  const split = matter()(text, { engines: { yaml: () => ({}) } } as unknown as Parameters<typeof Matter>[1]);
  const raw = split.matter ?? '';
  // `raw` starts right after the opening `---`, so its first line is the rest of line 1.
  const { doc, diagnostics } = parseYamlSource(file, raw, 0);
  const bodyLine = text.slice(0, text.length - split.content.length).split('\n').length;
  if (!doc) return { diagnostics };
  return { parsed: { doc, body: split.content, bodyLine }, diagnostics };
}

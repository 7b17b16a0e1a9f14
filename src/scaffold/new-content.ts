// `stitch new <kind> "Title"`: a new content file from the site's template of that kind
// (templates/new/, new-kinds.ts) with {{title}}, {{slug}}, {{date}} and {{author}} filled in, that
// the loader accepts as it is (the shipped post is a draft, so nothing is published before it is
// finished). YAML (a .yaml template, a .md template's front matter) is filled value by value in its
// parsed document, so a value is quoted as YAML needs whatever the title holds; a Markdown body as
// text. The filled file must parse and validate as the content stage would (its folder's schema):
// a template that does not is an error naming it. Never overwrites a file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import transliterate from '@sindresorhus/transliterate';
import { parse, parseDocument, visit } from 'yaml';
import type { z } from 'zod';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { displayPath } from '../content/display-path.ts';
import { normalizeSource, parseMarkdownSource, parseYamlSource } from '../content/parse-source.ts';
import { businessDay } from '../content/publication.ts';
import * as schemas from '../content/schemas.ts';
import { isSlug } from '../content/slug.ts';
import { validate } from '../content/validate.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { NewKind } from './new-kinds.ts';

export interface NewInput {
  title?: string;
  slug?: string;
  author?: string;
}

/** The written file (relative to the project root), or why not and the exit code (2 bad usage, 1 otherwise). */
export type NewResult = { file: string } | { diagnostic: Diagnostic; exitCode: 1 | 2 };

const EXAMPLES: Record<string, string> = { post: 'Caring for Leather Seats', location: 'Santa Fe' };

/** The schema of each content folder the content stage loads: a new file there must pass it. */
const SCHEMAS: Record<string, z.ZodType> = { blog: schemas.postSchema, locations: schemas.locationSchema, detailing: schemas.detailingSchema, services: schemas.categorySchema };

type Values = Record<'title' | 'slug' | 'date' | 'author', string>;

export function newContent(kind: NewKind, input: NewInput, config: ResolvedConfig): NewResult {
  const title = input.title?.trim() ?? '';
  if (!title) return { diagnostic: errors.newWithoutTitle(kind.name, EXAMPLES[kind.name] ?? 'A Title'), exitCode: 2 };
  if (input.slug !== undefined && !isSlug(input.slug)) return { diagnostic: errors.invalidSlug(input.slug), exitCode: 2 };
  const slug = input.slug ?? slugify(title);
  if (!slug) return { diagnostic: errors.emptySlug(title, kind.name), exitCode: 2 };
  if (!existsSync(config.contentDir)) return { diagnostic: errors.missingContentDir(displayPath(config.root, config.contentDir) || config.contentDir), exitCode: 1 };

  const path = join(config.contentDir, kind.folder, `${slug}${kind.ext}`);
  const file = displayPath(config.root, path);
  if (existsSync(path)) return { diagnostic: errors.fileExists(file), exitCode: 1 };
  const values: Values = { title, slug, date: businessDay(config.buildTime), author: input.author?.trim() || siteName(config) || 'The Shop Team' };
  const filled = fromTemplate(kind, values, file, displayPath(config.root, kind.template));
  if ('diagnostic' in filled) return { diagnostic: filled.diagnostic, exitCode: 1 };
  try {
    mkdirSync(dirname(path), { recursive: true });
    // 'wx': fails rather than overwrite a file created since the check above.
    writeFileSync(path, filled.text, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { diagnostic: errors.fileExists(file), exitCode: 1 };
    return { diagnostic: errors.newNotWritten(file, WRITE_ERRORS[code ?? ''] ?? `${code ?? (error as Error).message}`), exitCode: 1 };
  }
  return { file };
}

/** The template filled in for the new `file`, checked as the content stage would check the file. */
function fromTemplate(kind: NewKind, values: Values, file: string, template: string): { text: string } | { diagnostic: Diagnostic } {
  const invalid = (reason: string, line?: number) => ({ diagnostic: errors.newTemplateInvalid(template, reason, { file: template, line }) });
  let source: string;
  try {
    source = normalizeSource(readFileSync(kind.template, 'utf8'));
  } catch (error) {
    return invalid(`it cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  const markdown = kind.ext === '.md';
  // A Markdown template: its YAML front matter between two `---` lines, then the body.
  const front = markdown ? /^---\n([\s\S]*?\n)?---(?:\n|$)/.exec(source) : undefined;
  if (markdown && !front) return invalid('a Markdown template starts with a `---` line, YAML front matter and another `---` line.', 1);
  const document = parseDocument(front ? front[1] ?? '' : source, { uniqueKeys: true });
  if (document.errors.length > 0) return invalid(`its YAML does not parse: ${document.errors[0].message}`);
  visit(document, {
    Scalar: (_, node) => {
      if (typeof node.value !== 'string') return;
      const value = fill(node.value, values);
      // Written as YAML writes the value anew (plain, or quoted when the text needs it).
      if (value !== node.value) Object.assign(node, { value, type: undefined });
    },
  });
  const yaml = document.toString({ lineWidth: 0 });
  const text = front ? `---\n${yaml}---\n${fill(source.slice(front[0].length), values)}` : yaml;
  const parsed = markdown ? parseMarkdownSource(file, text) : undefined;
  const { doc, diagnostics } = parsed ? { doc: parsed.parsed?.doc, diagnostics: parsed.diagnostics } : parseYamlSource(file, text);
  const schema = SCHEMAS[kind.folder];
  const problems = [...diagnostics, ...(doc && schema ? validate(schema, doc).diagnostics : [])].filter((d) => d.severity === 'error');
  if (problems.length > 0) return invalid(`${problems[0].message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`, problems[0].line);
  return { text };
}

/** `{{title}}`, `{{slug}}`, `{{date}}` and `{{author}}` in `text` replaced by their values. */
function fill(text: string, values: Values): string {
  return text.replace(/\{\{\s*(title|slug|date|author)\s*\}\}/g, (_, name: keyof Values) => values[name]);
}

/** What a failed write was, in words, with the system's code. */
const WRITE_ERRORS: Record<string, string> = {
  ENAMETOOLONG: 'the file name is too long for the file system (ENAMETOOLONG)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  EROFS: 'the file system is read-only (EROFS)',
  ENOSPC: 'no space left on the device (ENOSPC)',
  ENOTDIR: 'a file stands where a folder is needed (ENOTDIR)',
};

/** The business's name from site.yaml (site.yaml has no author field): the default byline. */
function siteName(config: ResolvedConfig): string | undefined {
  try {
    const site = parse(readFileSync(join(config.contentDir, 'site.yaml'), 'utf8')) as { name?: unknown };
    return typeof site?.name === 'string' ? site.name : undefined;
  } catch {
    return undefined;
  }
}

/** A made slug's longest (a file name's limit is 255 bytes; a URL this long is already unwieldy). */
const MAX_SLUG_LENGTH = 80;

/**
 * 'Caring for Leather Seats: A Guide' → 'caring-for-leather-seats-a-guide'; '' when nothing is
 * left. Letters are spelled in a-z by @sindresorhus/transliterate: 'Café' → 'cafe', 'Straße' →
 * 'strasse', Cyrillic, Greek and Arabic ('Перетяжка сидений' → 'peretyazhka-sideniy'); letters of
 * scripts it has no spelling for (Chinese, Japanese, Korean, Hebrew, Thai, Devanagari…) are
 * dropped. Cut at the last whole word within MAX_SLUG_LENGTH characters.
 */
export function slugify(title: string): string {
  const slug = transliterate(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents transliterate leaves: 'Café' → 'cafe'
    .toLowerCase()
    .replace(/['’]/g, '') // "Don't" → 'dont', not 'don-t'
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const wordEnd = cut.lastIndexOf('-');
  return wordEnd > 0 ? cut.slice(0, wordEnd) : slug.slice(0, MAX_SLUG_LENGTH);
}

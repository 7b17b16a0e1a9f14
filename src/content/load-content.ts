// Content stage: list the files (project-files.ts: no link out of the project), read them as
// UTF-8 (read-source.ts), parse (YAML with positions, gray-matter), validate (zod) and collect
// every diagnostic of the run. A file whose text the caches know (post-cache.ts) is neither
// parsed nor validated: the parsers and the schemas (zod) are loaded only when a file needs
// them, so a build where nothing changed does without them.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { displayPath as relative } from './display-path.ts';
import type { z } from 'zod';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { Cache } from '../cache/cache.ts';
import { sourceHash, sourceKey, storable, type ParsedPost, type YamlEntry } from '../cache/post-cache.ts';
import { loadPosts, type Loader } from './load-posts.ts';
import { parseMarkdownSource, parseYamlSource, type FieldPath, type Position, type SourceDoc } from './parse-source.ts';
import { listProjectFiles } from './project-files.ts';
import { SourceReader, type TextMemo } from './read-source.ts';
import type * as Schemas from './schemas.ts';
import type { ContentGraph, MarkdownPage, Origin, RedirectRule, SourceText } from './types.ts';
import { validate } from './validate.ts';

export interface LoadResult {
  graph?: ContentGraph;
  diagnostics: Diagnostic[];
}

/** One of the content schemas, picked from the module once it is loaded. */
type Pick<S> = (schemas: typeof Schemas) => S;

export type { TextMemo };

export interface LoadOptions {
  /** Parsed posts from earlier builds: a post whose file is unchanged is not parsed again. */
  posts?: Cache<ParsedPost>;
  /** The data of YAML files from earlier builds: a file whose text is unchanged is parsed only if a diagnostic needs its positions. */
  yaml?: Cache<YamlEntry>;
  /** Texts of files unchanged since an earlier build: not read again. */
  texts?: TextMemo;
  /**
   * Keep each post's body in the graph (default). False (`stitch build`): a post's `body` is
   * empty and graph.sources says where to read it back (content/post-bodies.ts).
   */
  keepBodies?: boolean;
}

export async function loadContent(root: string, contentDir: string, assetsDir: string, options: LoadOptions = {}): Promise<LoadResult> {
  if (!existsSync(contentDir)) return { diagnostics: [errors.missingContentDir(relative(root, contentDir) || contentDir)] };
  const diagnostics: Diagnostic[] = [];
  const listing = listProjectFiles(contentDir, root);
  diagnostics.push(...listing.diagnostics);
  if (listing.refused.includes('')) return { diagnostics }; // the content folder itself links out of the project
  const reader = new SourceReader(root, contentDir, listing, diagnostics, options.texts);
  let schemas: Promise<typeof Schemas> | undefined;
  const ctx: Loader = {
    root, contentDir, diagnostics, posts: options.posts, yaml: options.yaml, reader,
    keepBodies: options.keepBodies ?? true,
    schemas: () => (schemas ??= import('./schemas.ts')),
  };
  const sources = new Map<string, SourceText>();

  const [site, categories, detailing, locations, gallery, testimonials, home, detailingPage, about, privacy, terms, redirects, posts, assets] =
    await Promise.all([
      loadYaml(ctx, 'site.yaml', (s) => s.siteSchema),
      loadYamlDir(ctx, 'services', (s) => s.categorySchema),
      loadYamlDir(ctx, 'detailing', (s) => s.detailingSchema),
      loadYamlDir(ctx, 'locations', (s) => s.locationSchema),
      loadYaml(ctx, 'gallery.yaml', (s) => s.gallerySchema),
      loadYaml(ctx, 'testimonials.yaml', (s) => s.testimonialsSchema),
      loadYaml(ctx, 'pages/home.yaml', (s) => s.homeSchema),
      loadYaml(ctx, 'pages/detailing.yaml', (s) => s.detailingPageSchema),
      loadMarkdownPage(ctx, 'pages/about.md', (s) => s.aboutSchema),
      loadMarkdownPage(ctx, 'pages/privacy.md', (s) => s.legalSchema),
      loadMarkdownPage(ctx, 'pages/terms.md', (s) => s.legalSchema),
      // Every rule's origin is wanted each build (the link verdict's key): kept with the data.
      loadYaml(ctx, 'redirects.yaml', (s) => s.redirectsSchema, { redirects: [] }, (data) => data.redirects.map((_, i) => ['redirects', i, 'from'])),
      loadPosts(ctx, sources),
      listAssets(ctx, assetsDir),
    ]);

  if (!site || !gallery || !testimonials || !home || !detailingPage || !about || !privacy || !terms || !redirects) {
    return { diagnostics: ctx.diagnostics };
  }

  const areaOrder = new Map(site.data.areas.map((a, i) => [a.id, i]));
  const graph: ContentGraph = {
    site: site.data,
    categories: categories.sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || a.title.localeCompare(b.title)),
    services: new Map(),
    detailing: detailing.sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || a.id.localeCompare(b.id)),
    locations: locations.sort((a, b) => (areaOrder.get(a.id) ?? 999) - (areaOrder.get(b.id) ?? 999) || a.id.localeCompare(b.id)),
    gallery: gallery.data.items,
    testimonials: testimonials.data.items,
    home: home.data,
    detailingPage: detailingPage.data,
    about,
    privacy,
    terms,
    redirects: redirects.data.redirects.map((r, i): RedirectRule => {
      const prefix = r.from.endsWith('/*');
      const pos = redirects.doc.locate(['redirects', i, 'from']);
      return { ...r, prefix, base: prefix ? r.from.slice(0, -2) || '/' : r.from, origin: { file: redirects.doc.file, ...pos } };
    }),
    posts,
    withheld: [],
    assets,
    files: { site: site.doc.file, gallery: gallery.doc.file, home: home.doc.file, detailingPage: detailingPage.doc.file },
    sources,
  };
  return { graph, diagnostics: ctx.diagnostics };
}

async function loadYaml<S extends z.ZodType>(ctx: Loader, rel: string, schema: Pick<S>, fallback?: z.output<S>, keep?: Keep<S>): Promise<{ data: z.output<S>; doc: SourceDoc } | undefined> {
  const source = ctx.reader.read(rel);
  if (source === 'failed') return undefined;
  if (source === 'missing') {
    if (fallback !== undefined) {
      const file = relative(ctx.root, `${ctx.contentDir}/${rel}`);
      return { data: fallback, doc: { file, data: fallback, locate: () => ({ line: 1, column: 1 }) } };
    }
    missingFile(ctx, rel);
    return undefined;
  }
  return parseAndValidate(ctx, source.file, source.text, schema, keep);
}

function missingFile(ctx: Loader, rel: string): void {
  const where = { file: relative(ctx.root, `${ctx.contentDir}/${rel}`), field: '(file)' };
  ctx.diagnostics.push({ ...errors.missingField(where, `the file content/${rel}`), message: `Missing file: content/${rel} is required.`, hint: 'See docs/content-model.md for its format.' });
}

/** The fields whose positions a file's loader always asks for: stored with its data. */
type Keep<S extends z.ZodType> = (data: z.output<S>) => FieldPath[];

/** A YAML file's entry in the cache: its validated data and the positions `keep` asked for. */
type CachedYaml = { data: unknown; at?: [string, Position][] };

/**
 * A YAML file's validated data: from the cache when its text is unchanged (its positions from
 * parsing the text again on the first question: only a diagnostic asks), else parsed and
 * validated, and stored when that gave no diagnostic (a file with a problem is parsed every
 * time, so its messages come out as before).
 */
async function parseAndValidate<S extends z.ZodType>(ctx: Loader, file: string, text: string, schema: Pick<S>, keep?: Keep<S>): Promise<{ data: z.output<S>; doc: SourceDoc } | undefined> {
  const key = sourceKey(file, ctx.yaml ? sourceHash(text) : '');
  const cached = ctx.yaml?.get(key) as CachedYaml | undefined;
  if (cached) return { data: cached.data as z.output<S>, doc: positionsOnDemand(file, text, cached.data, new Map(cached.at ?? [])) };
  const parsed = parseYamlSource(file, text);
  ctx.diagnostics.push(...parsed.diagnostics);
  const doc = parsed.doc;
  if (!doc) return undefined;
  const result = validate(schema(await ctx.schemas()), doc);
  ctx.diagnostics.push(...result.diagnostics);
  if (result.data === undefined) return undefined;
  if (parsed.diagnostics.length === 0 && result.diagnostics.length === 0) {
    const entry: CachedYaml = { data: result.data, ...(keep ? { at: keep(result.data).map((path) => [pathKey(path), doc.locate(path)]) } : {}) };
    if (storable(entry)) ctx.yaml?.set(key, entry);
  }
  return { data: result.data, doc };
}

/**
 * The document of a file read from the cache: a position stored with it (`known`), else from
 * parsing the text on the first question.
 */
function positionsOnDemand(file: string, text: string, data: unknown, known: Map<string, Position>): SourceDoc {
  let parsed: SourceDoc | undefined;
  const positions = () => (parsed ??= parseYamlSource(file, text).doc!);
  return { file, data, locate: (path, atKey) => (atKey ? undefined : known.get(pathKey(path))) ?? positions().locate(path, atKey) };
}

const pathKey = (path: FieldPath) => JSON.stringify(path);

/** A folder's files, each validated and with its origin, sorted by file name. */
async function loadYamlDir<S extends z.ZodType<{ id: string }>>(ctx: Loader, dir: string, schema: Pick<S>): Promise<(z.output<S> & { origin: Origin })[]> {
  const files = ctx.reader.list(dir, /\.ya?ml$/);
  const out: (z.output<S> & { origin: Origin })[] = [];
  await Promise.all(files.map(async (rel) => {
    const source = ctx.reader.read(rel);
    if (typeof source === 'string') return;
    const loaded = await parseAndValidate(ctx, source.file, source.text, schema);
    if (!loaded) return;
    const fileId = basename(rel).replace(/\.ya?ml$/, '');
    if (loaded.data.id !== fileId) {
      ctx.diagnostics.push(errors.idMismatch({ file: source.file, field: 'id', ...loaded.doc.locate(['id']) }, loaded.data.id, fileId));
      return;
    }
    out.push({ ...loaded.data, origin: { file: source.file } });
  }));
  return out.sort((a, b) => a.origin.file.localeCompare(b.origin.file));
}

async function loadMarkdownPage<S extends z.ZodType>(ctx: Loader, rel: string, schema: Pick<S>): Promise<MarkdownPage<z.output<S>> | undefined> {
  const source = ctx.reader.read(rel);
  if (source === 'failed') return undefined;
  if (source === 'missing') {
    missingFile(ctx, rel);
    return undefined;
  }
  // Kept in the YAML cache as its front matter's validated data and where its body starts.
  const key = sourceKey(source.file, ctx.yaml ? sourceHash(source.text) : '');
  const cached = ctx.yaml?.get(key) as { data: z.output<S>; bodyStart: number; bodyLine: number } | undefined;
  if (cached && cached.bodyStart <= source.text.length) {
    return { data: cached.data, body: source.text.slice(cached.bodyStart), origin: { file: source.file, line: cached.bodyLine } };
  }
  const { parsed, diagnostics } = parseMarkdownSource(source.file, source.text);
  ctx.diagnostics.push(...diagnostics);
  if (!parsed) return undefined;
  const result = validate(schema(await ctx.schemas()), parsed.doc);
  ctx.diagnostics.push(...result.diagnostics);
  if (result.data === undefined) return undefined;
  const bodyStart = source.text.length - parsed.body.length;
  if (diagnostics.length === 0 && result.diagnostics.length === 0 && source.text.slice(bodyStart) === parsed.body && storable(result.data)) {
    ctx.yaml?.set(key, { data: result.data, bodyStart, bodyLine: parsed.bodyLine });
  }
  return { data: result.data, body: parsed.body, origin: { file: source.file, line: parsed.bodyLine } };
}

/** site-assets/'s files as public paths: links out of the project and files that cannot be read are errors, not assets. */
async function listAssets(ctx: Loader, assetsDir: string): Promise<Set<string>> {
  if (!existsSync(assetsDir)) return new Set();
  const listing = listProjectFiles(assetsDir, ctx.root, { readable: true });
  ctx.diagnostics.push(...listing.diagnostics);
  return new Set(listing.files.map((f) => `/${f}`));
}

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
import { readingTime } from '../markdown/reading-time.ts';
import { sourceHash, type PostMemo, type YamlMemo } from '../cache/post-cache.ts';
import { parseMarkdownSource, parseYamlSource, type FieldPath, type Position, type SourceDoc } from './parse-source.ts';
import { listProjectFiles } from './project-files.ts';
import { SourceReader, type TextMemo } from './read-source.ts';
import { unshared } from './post-bodies.ts';
import type * as Schemas from './schemas.ts';
import { isSlug } from './slug.ts';
import type { ContentGraph, MarkdownPage, Origin, Post, RedirectRule, SourceText } from './types.ts';
import { validate } from './validate.ts';
import { compareText, comparerFor } from './compare-text.ts';

export interface LoadResult {
  graph?: ContentGraph;
  diagnostics: Diagnostic[];
}

interface Loader {
  root: string;
  contentDir: string;
  diagnostics: Diagnostic[];
  /** Parsed posts from earlier builds (the post cache), when the build keeps one. */
  posts?: PostMemo;
  /** Parsed YAML files from earlier builds. */
  yaml?: YamlMemo;
  /** The content folder's files, read through the rules of read-source.ts. */
  reader: SourceReader;
  /** The schemas module, imported on first use. */
  schemas?: Promise<typeof Schemas>;
  keepBodies: boolean;
}

/** One of the content schemas, picked from the module once it is loaded. */
type Pick<S> = (schemas: typeof Schemas) => S;

function schemasOf(ctx: Loader): Promise<typeof Schemas> {
  return (ctx.schemas ??= import('./schemas.ts'));
}

export type { TextMemo };

export interface LoadOptions {
  /** Parsed posts from earlier builds: a post whose file is unchanged is not parsed again. */
  posts?: PostMemo;
  /** The data of YAML files from earlier builds: a file whose text is unchanged is parsed only if a diagnostic needs its positions. */
  yaml?: YamlMemo;
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
  const ctx: Loader = { root, contentDir, diagnostics, posts: options.posts, yaml: options.yaml, reader, keepBodies: options.keepBodies ?? true };
  const sources = new Map<string, SourceText>();

  const [siteLoaded, categoryDocs, detailingDocs, locationDocs, gallery, testimonials, home, detailingPage, about, privacy, terms, redirects, posts, assets] =
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

  const site = siteLoaded;
  if (!site || !gallery || !testimonials || !home || !detailingPage || !about || !privacy || !terms || !redirects) {
    return { diagnostics: ctx.diagnostics };
  }

  const categories = categoryDocs
    .map(({ data, doc }) => ({ ...data, origin: { file: doc.file } }))
    .sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || compareText(a.title, b.title));
  const areaOrder = new Map(site.data.areas.map((a, i) => [a.id, i]));
  const graph: ContentGraph = {
    site: site.data,
    categories,
    services: new Map(),
    detailing: detailingDocs
      .map(({ data, doc }) => ({ ...data, origin: { file: doc.file } }))
      .sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || compareText(a.id, b.id)),
    locations: locationDocs
      .map(({ data, doc }) => ({ ...data, origin: { file: doc.file } }))
      .sort((a, b) => (areaOrder.get(a.id) ?? 999) - (areaOrder.get(b.id) ?? 999) || compareText(a.id, b.id)),
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
    posts: sortPosts(posts),
    withheld: [],
    assets,
    files: { site: site.doc.file, gallery: gallery.doc.file, home: home.doc.file, detailingPage: detailingPage.doc.file },
    sources,
  };
  return { graph, diagnostics: ctx.diagnostics };
}

/** Newest first, then by slug. */
function sortPosts(posts: Post[]): Post[] {
  const byDate = comparerFor(posts.map((p) => p.date));
  const bySlug = comparerFor(posts.map((p) => p.slug));
  return posts.sort((a, b) => byDate(b.date, a.date) || bySlug(a.slug, b.slug));
}

async function loadYaml<S extends z.ZodType>(ctx: Loader, rel: string, schema: Pick<S>, fallback?: z.output<S>, keep?: Keep<S>): Promise<{ data: z.output<S>; doc: SourceDoc } | undefined> {
  const source = ctx.reader.read(rel);
  if (source === 'failed') return undefined;
  if (source === 'missing') {
    if (fallback !== undefined) {
      const file = relative(ctx.root, `${ctx.contentDir}/${rel}`);
      return { data: fallback, doc: { file, data: fallback, locate: () => ({ line: 1, column: 1 }) } };
    }
    ctx.diagnostics.push({ ...errors.missingField({ file: relative(ctx.root, `${ctx.contentDir}/${rel}`), field: '(file)' }, `the file content/${rel}`), message: `Missing file: content/${rel} is required.`, hint: 'See docs/content-model.md for its format.' });
    return undefined;
  }
  return parseAndValidate(ctx, source.file, source.text, schema, keep);
}

/** The fields whose positions a file's loader always asks for: stored with its data. */
type Keep<S extends z.ZodType> = (data: z.output<S>) => FieldPath[];

/** A YAML file's entry in the cache: its validated data and the positions `keep` asked for. */
interface CachedYaml {
  data: unknown;
  at?: [string, Position][];
}

/**
 * A YAML file's validated data: from the cache when its text is unchanged (its positions from
 * parsing the text again on the first question: only a diagnostic asks), else parsed and
 * validated, and stored when that gave no diagnostic (a file with a problem is parsed every
 * time, so its messages come out as before).
 */
async function parseAndValidate<S extends z.ZodType>(ctx: Loader, file: string, text: string, schema: Pick<S>, keep?: Keep<S>): Promise<{ data: z.output<S>; doc: SourceDoc } | undefined> {
  const hash = ctx.yaml ? sourceHash(text) : '';
  const cached = ctx.yaml?.get(file, hash) as CachedYaml | undefined;
  if (cached && 'data' in cached) return { data: cached.data as z.output<S>, doc: positionsOnDemand(file, text, cached.data, new Map(cached.at ?? [])) };
  const parsed = parseYamlSource(file, text);
  ctx.diagnostics.push(...parsed.diagnostics);
  const doc = parsed.doc;
  if (!doc) return undefined;
  const result = validate(schema(await schemasOf(ctx)), doc);
  ctx.diagnostics.push(...result.diagnostics);
  if (result.data === undefined) return undefined;
  if (parsed.diagnostics.length === 0 && result.diagnostics.length === 0) {
    const entry: CachedYaml = { data: result.data, ...(keep ? { at: keep(result.data).map((path) => [pathKey(path), doc.locate(path)]) } : {}) };
    ctx.yaml?.set(file, hash, entry);
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
  return { file, data, locate: (path) => known.get(pathKey(path)) ?? positions().locate(path), locateKey: (path) => (positions().locateKey ?? positions().locate)(path) };
}

const pathKey = (path: FieldPath) => JSON.stringify(path);

async function loadYamlDir<S extends z.ZodType<{ id: string }>>(ctx: Loader, dir: string, schema: Pick<S>): Promise<{ data: z.output<S>; doc: SourceDoc }[]> {
  const files = ctx.reader.list(dir, /\.ya?ml$/);
  const out: { data: z.output<S>; doc: SourceDoc }[] = [];
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
    out.push(loaded);
  }));
  return out.sort((a, b) => compareText(a.doc.file, b.doc.file));
}

async function loadMarkdownPage<S extends z.ZodType>(ctx: Loader, rel: string, schema: Pick<S>): Promise<MarkdownPage<z.output<S>> | undefined> {
  const source = ctx.reader.read(rel);
  if (source === 'failed') return undefined;
  if (source === 'missing') {
    ctx.diagnostics.push({ ...errors.missingField({ file: relative(ctx.root, `${ctx.contentDir}/${rel}`), field: '(file)' }, `the file content/${rel}`), message: `Missing file: content/${rel} is required.`, hint: 'See docs/content-model.md for its format.' });
    return undefined;
  }
  // Kept in the YAML cache as its front matter's validated data and where its body starts.
  const hash = ctx.yaml ? sourceHash(source.text) : '';
  const cached = ctx.yaml?.get(source.file, hash) as { page?: { data: z.output<S>; bodyStart: number; bodyLine: number } } | undefined;
  if (cached?.page && cached.page.bodyStart <= source.text.length) {
    return { data: cached.page.data, body: source.text.slice(cached.page.bodyStart), origin: { file: source.file, line: cached.page.bodyLine } };
  }
  const { parsed, diagnostics } = parseMarkdownSource(source.file, source.text);
  ctx.diagnostics.push(...diagnostics);
  if (!parsed) return undefined;
  const result = validate(schema(await schemasOf(ctx)), parsed.doc);
  ctx.diagnostics.push(...result.diagnostics);
  if (result.data === undefined) return undefined;
  const bodyStart = source.text.length - parsed.body.length;
  if (diagnostics.length === 0 && result.diagnostics.length === 0 && source.text.slice(bodyStart) === parsed.body) {
    ctx.yaml?.set(source.file, hash, { page: { data: result.data, bodyStart, bodyLine: parsed.bodyLine } });
  }
  return { data: result.data, body: parsed.body, origin: { file: source.file, line: parsed.bodyLine } };
}

/** Posts parsed between two turns of the event loop (when a listener takes their bodies). */
const POST_SLICE = 64;

/** The posts; `sources` gets each one's body and text hash (page keys hash that, not the body). */
async function loadPosts(ctx: Loader, sources: Map<string, SourceText>): Promise<Post[]> {
  const files = ctx.reader.list('blog', /\.md$/, true);
  const posts: Post[] = [];
  const seen = new Map<string, string>();
  const loadOne = async (rel: string) => {
    const source = ctx.reader.read(rel);
    if (typeof source === 'string') return undefined;
    const hash = sourceHash(source.text);
    const cached = ctx.posts?.get(source.file, source.text, hash);
    if (cached) {
      const parsed = { body: source.text.slice(cached.bodyStart), bodyLine: cached.bodyLine };
      return { rel, source, hash, parsed, bodyStart: cached.bodyStart, diagnostics: [], data: cached.data, readingTime: cached.readingTime };
    }
    const { parsed, diagnostics } = parseMarkdownSource(source.file, source.text);
    const result = parsed ? validate((await schemasOf(ctx)).postSchema, parsed.doc) : undefined;
    const bodyStart = parsed ? source.text.length - parsed.body.length : 0;
    return { rel, source, hash, parsed, bodyStart, diagnostics: [...diagnostics, ...(result?.diagnostics ?? [])], data: result?.data, readingTime: undefined };
  };
  // Pushed once, after the last file, as before the slices were taken one by one (the order of messages).
  const diagnostics: Diagnostic[] = [];
  const take = (item: Awaited<ReturnType<typeof loadOne>>) => {
    if (!item) return;
    diagnostics.push(...item.diagnostics);
    const slug = basename(item.rel, '.md');
    const origin: Origin = { file: item.source.file, line: 1, column: 1 };
    const other = seen.get(slug);
    if (other) {
      diagnostics.push(errors.duplicateId(origin, 'post slug', slug, other));
      return;
    }
    seen.set(slug, item.source.file);
    if (!isSlug(slug)) {
      diagnostics.push(errors.schema({ ...origin, field: '(file name)' }, 'a lowercase slug like "my-post" as the file name', `"${slug}"`));
      return;
    }
    if (!item.data || !item.parsed) return;
    const minutes = item.readingTime ?? item.data.readingTime ?? readingTime(item.parsed.body);
    const bodyStart = item.bodyStart;
    // The body is the text's tail, so it can be read back (a cached post's always is).
    const cut = item.readingTime !== undefined || item.source.text.endsWith(item.parsed.body);
    if (item.readingTime === undefined && item.diagnostics.length === 0 && cut) {
      ctx.posts?.set(item.source.file, item.source.text, { data: item.data, bodyStart, bodyLine: item.parsed.bodyLine, readingTime: minutes }, item.hash);
    }
    const keep = ctx.keepBodies || !cut;
    // Data from the post cache was decoded from its own JSON (JSON.parse copies every string):
    // only a fresh parse's strings are slices of the file's text.
    const fromCache = item.readingTime !== undefined;
    posts.push({
      slug,
      ...(keep || fromCache ? item.data : unshared(item.data)),
      readingTime: minutes,
      body: keep ? item.parsed.body : '',
      origin: { file: item.source.file, line: item.parsed.bodyLine },
    });
    sources.set(item.source.file, keep ? { body: item.parsed.body, hash: item.hash } : { hash: item.hash, path: `${ctx.contentDir}/${item.rel}`, start: bodyStart });
  };
  // Each slice is taken as soon as it is parsed: without kept bodies, its texts can go before the next is read.
  for (let i = 0; i < files.length; i += POST_SLICE) {
    for (const item of await Promise.all(files.slice(i, i + POST_SLICE).map(loadOne))) take(item);
  }
  ctx.diagnostics.push(...diagnostics);
  return posts;
}

/** site-assets/'s files as public paths: links out of the project and files that cannot be read are errors, not assets. */
async function listAssets(ctx: Loader, assetsDir: string): Promise<Set<string>> {
  if (!existsSync(assetsDir)) return new Set();
  const listing = listProjectFiles(assetsDir, ctx.root, { readable: true });
  ctx.diagnostics.push(...listing.diagnostics);
  return new Set(listing.files.map((f) => `/${f}`));
}

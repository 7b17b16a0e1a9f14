// Content stage: find files (fast-glob), parse (YAML with positions, gray-matter),
// validate (zod) and collect every diagnostic of the run.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { displayPath as relative } from './display-path.ts';
import fg from 'fast-glob';
import type { z } from 'zod';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { readingTime } from '../markdown/reading-time.ts';
import { sourceHash, type PostMemo, type YamlMemo } from '../cache/post-cache.ts';
import { unshared } from './post-bodies.ts';
import { normalizeSource, parseMarkdownSource, parseYamlSource, type SourceDoc } from './parse-source.ts';
import * as schemas from './schemas.ts';
import { isSlug } from './slug.ts';
import type { ContentGraph, MarkdownPage, Origin, Post, RedirectRule, SourceText } from './types.ts';
import { validate } from './validate.ts';

export interface LoadResult {
  graph?: ContentGraph;
  diagnostics: Diagnostic[];
}

interface Loader {
  root: string;
  contentDir: string;
  diagnostics: Diagnostic[];
  /** Parsed posts from earlier builds (the persistent cache), when the build keeps one. */
  posts?: PostMemo;
  /** Parsed YAML files from earlier builds. */
  yaml?: YamlMemo;
  texts?: TextMemo;
  keepBodies: boolean;
}

/** File texts kept between builds (stitch dev): `get` answers only for a file known unchanged. */
export interface TextMemo {
  get(absolutePath: string): string | undefined;
  set(absolutePath: string, text: string): void;
}

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
  const ctx: Loader = { root, contentDir, diagnostics: [], posts: options.posts, yaml: options.yaml, texts: options.texts, keepBodies: options.keepBodies ?? true };
  const sources = new Map<string, SourceText>();
  if (!existsSync(contentDir)) return { diagnostics: [errors.missingContentDir(relative(root, contentDir) || contentDir)] };

  const [siteLoaded, categoryDocs, detailingDocs, locationDocs, gallery, testimonials, home, detailingPage, about, privacy, terms, redirects, posts, assets] =
    await Promise.all([
      loadYaml(ctx, 'site.yaml', schemas.siteSchema),
      loadYamlDir(ctx, 'services', schemas.categorySchema),
      loadYamlDir(ctx, 'detailing', schemas.detailingSchema),
      loadYamlDir(ctx, 'locations', schemas.locationSchema),
      loadYaml(ctx, 'gallery.yaml', schemas.gallerySchema),
      loadYaml(ctx, 'testimonials.yaml', schemas.testimonialsSchema),
      loadYaml(ctx, 'pages/home.yaml', schemas.homeSchema),
      loadYaml(ctx, 'pages/detailing.yaml', schemas.detailingPageSchema),
      loadMarkdownPage(ctx, 'pages/about.md', schemas.aboutSchema),
      loadMarkdownPage(ctx, 'pages/privacy.md', schemas.legalSchema),
      loadMarkdownPage(ctx, 'pages/terms.md', schemas.legalSchema),
      loadYaml(ctx, 'redirects.yaml', schemas.redirectsSchema, { redirects: [] }),
      loadPosts(ctx, sources),
      listAssets(assetsDir),
    ]);

  const site = siteLoaded;
  if (!site || !gallery || !testimonials || !home || !detailingPage || !about || !privacy || !terms || !redirects) {
    return { diagnostics: ctx.diagnostics };
  }

  const categories = categoryDocs
    .map(({ data, doc }) => ({ ...data, origin: { file: doc.file } }))
    .sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || a.title.localeCompare(b.title));
  const areaOrder = new Map(site.data.areas.map((a, i) => [a.id, i]));
  const graph: ContentGraph = {
    site: site.data,
    categories,
    services: new Map(),
    detailing: detailingDocs
      .map(({ data, doc }) => ({ ...data, origin: { file: doc.file } }))
      .sort((a, b) => (a.order ?? 999) - (b.order ?? 999) || a.id.localeCompare(b.id)),
    locations: locationDocs
      .map(({ data, doc }) => ({ ...data, origin: { file: doc.file } }))
      .sort((a, b) => (areaOrder.get(a.id) ?? 999) - (areaOrder.get(b.id) ?? 999) || a.id.localeCompare(b.id)),
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
    posts: posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)),
    withheld: [],
    assets,
    files: { site: site.doc.file, gallery: gallery.doc.file, home: home.doc.file, detailingPage: detailingPage.doc.file },
    sources,
  };
  return { graph, diagnostics: ctx.diagnostics };
}

async function readSource(ctx: Loader, rel: string): Promise<{ file: string; text: string } | undefined> {
  const abs = `${ctx.contentDir}/${rel}`;
  const file = relative(ctx.root, abs);
  const known = ctx.texts?.get(abs);
  if (known !== undefined) return { file, text: known };
  try {
    // Synchronous on purpose: thousands of small reads through the promise API cost several
    // times the CPU (a thread-pool round trip each), and nothing else runs while content loads.
    const text = normalizeSource(readFileSync(abs, 'utf8'));
    ctx.texts?.set(abs, text);
    return { file, text };
  } catch {
    return undefined;
  }
}

async function loadYaml<S extends z.ZodType>(ctx: Loader, rel: string, schema: S, fallback?: z.output<S>): Promise<{ data: z.output<S>; doc: SourceDoc } | undefined> {
  const source = await readSource(ctx, rel);
  if (!source) {
    if (fallback !== undefined) {
      const file = relative(ctx.root, `${ctx.contentDir}/${rel}`);
      return { data: fallback, doc: { file, data: fallback, locate: () => ({ line: 1, column: 1 }) } };
    }
    ctx.diagnostics.push({ ...errors.missingField({ file: relative(ctx.root, `${ctx.contentDir}/${rel}`), field: '(file)' }, `the file content/${rel}`), message: `Missing file: content/${rel} is required.`, hint: 'See docs/content-model.md for its format.' });
    return undefined;
  }
  return parseAndValidate(ctx, source.file, source.text, schema);
}

function parseAndValidate<S extends z.ZodType>(ctx: Loader, file: string, text: string, schema: S): { data: z.output<S>; doc: SourceDoc } | undefined {
  const doc = ctx.yaml ? cachedYaml(ctx, ctx.yaml, file, text) : parseYaml(ctx, file, text);
  if (!doc) return undefined;
  const result = validate(schema, doc);
  ctx.diagnostics.push(...result.diagnostics);
  return result.data === undefined ? undefined : { data: result.data, doc };
}

function parseYaml(ctx: Loader, file: string, text: string): SourceDoc | undefined {
  const parsed = parseYamlSource(file, text);
  ctx.diagnostics.push(...parsed.diagnostics);
  return parsed.doc;
}

/**
 * A YAML file's document from the cache when its text is unchanged: its data as stored, its
 * positions from parsing the text again on the first question (only a diagnostic asks). Files
 * that gave a diagnostic are never stored (yamlMemo), so their messages come out as before.
 */
function cachedYaml(ctx: Loader, memo: YamlMemo, file: string, text: string): SourceDoc | undefined {
  const hash = sourceHash(text);
  const data = memo.get(file, hash);
  if (data === undefined) {
    const parsed = parseYamlSource(file, text);
    ctx.diagnostics.push(...parsed.diagnostics);
    if (parsed.doc && parsed.diagnostics.length === 0) memo.set(file, hash, parsed.doc.data);
    return parsed.doc;
  }
  let parsed: SourceDoc | undefined;
  const positions = () => (parsed ??= parseYamlSource(file, text).doc!);
  return { file, data, locate: (path) => positions().locate(path), locateKey: (path) => (positions().locateKey ?? positions().locate)(path) };
}

async function loadYamlDir<S extends z.ZodType<{ id: string }>>(ctx: Loader, dir: string, schema: S): Promise<{ data: z.output<S>; doc: SourceDoc }[]> {
  const files = (await fg(`${dir}/*.{yaml,yml}`, { cwd: ctx.contentDir })).sort();
  const out: { data: z.output<S>; doc: SourceDoc }[] = [];
  await Promise.all(files.map(async (rel) => {
    const source = await readSource(ctx, rel);
    if (!source) return;
    const loaded = parseAndValidate(ctx, source.file, source.text, schema);
    if (!loaded) return;
    const fileId = basename(rel).replace(/\.ya?ml$/, '');
    if (loaded.data.id !== fileId) {
      ctx.diagnostics.push(errors.idMismatch({ file: source.file, field: 'id', ...loaded.doc.locate(['id']) }, loaded.data.id, fileId));
      return;
    }
    out.push(loaded);
  }));
  return out.sort((a, b) => a.doc.file.localeCompare(b.doc.file));
}

async function loadMarkdownPage<S extends z.ZodType>(ctx: Loader, rel: string, schema: S): Promise<MarkdownPage<z.output<S>> | undefined> {
  const source = await readSource(ctx, rel);
  if (!source) {
    ctx.diagnostics.push({ ...errors.missingField({ file: relative(ctx.root, `${ctx.contentDir}/${rel}`), field: '(file)' }, `the file content/${rel}`), message: `Missing file: content/${rel} is required.`, hint: 'See docs/content-model.md for its format.' });
    return undefined;
  }
  const { parsed, diagnostics } = parseMarkdownSource(source.file, source.text);
  ctx.diagnostics.push(...diagnostics);
  if (!parsed) return undefined;
  const result = validate(schema, parsed.doc);
  ctx.diagnostics.push(...result.diagnostics);
  if (result.data === undefined) return undefined;
  return { data: result.data, body: parsed.body, origin: { file: source.file, line: parsed.bodyLine } };
}

/** Posts parsed between two turns of the event loop (when a listener takes their bodies). */
const POST_SLICE = 64;

/** The posts; `sources` gets each one's body and text hash (page keys hash that, not the body). */
async function loadPosts(ctx: Loader, sources: Map<string, SourceText>): Promise<Post[]> {
  // One pattern cannot match a file twice: fast-glob's duplicate filter is only cost here.
  const files = (await fg('blog/**/*.md', { cwd: ctx.contentDir, unique: false })).sort();
  const posts: Post[] = [];
  const seen = new Map<string, string>();
  const loadOne = async (rel: string) => {
    const source = await readSource(ctx, rel);
    if (!source) return undefined;
    const hash = sourceHash(source.text);
    const cached = ctx.posts?.get(source.file, source.text, hash);
    if (cached) {
      const parsed = { body: source.text.slice(cached.bodyStart), bodyLine: cached.bodyLine };
      return { rel, source, hash, parsed, diagnostics: [], data: cached.data, readingTime: cached.readingTime };
    }
    const { parsed, diagnostics } = parseMarkdownSource(source.file, source.text);
    const result = parsed ? validate(schemas.postSchema, parsed.doc) : undefined;
    return { rel, source, hash, parsed, diagnostics: [...diagnostics, ...(result?.diagnostics ?? [])], data: result?.data, readingTime: undefined };
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
    const bodyStart = item.source.text.length - item.parsed.body.length;
    const cut = item.source.text.endsWith(item.parsed.body); // the body is the text's tail: it can be read back
    if (item.readingTime === undefined && item.diagnostics.length === 0 && cut) {
      ctx.posts?.set(item.source.file, item.source.text, { data: item.data, bodyStart, bodyLine: item.parsed.bodyLine, readingTime: minutes }, item.hash);
    }
    const keep = ctx.keepBodies || !cut;
    posts.push({
      slug,
      ...(keep ? item.data : unshared(item.data)),
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

async function listAssets(assetsDir: string): Promise<Set<string>> {
  if (!existsSync(assetsDir)) return new Set();
  const files = await fg('**/*', { cwd: assetsDir, dot: false });
  return new Set(files.map((f) => `/${f}`));
}

/**
 * One blog post file parsed as the content stage would: the post, or
 * undefined when the file has any problem (a full build then reports it). For stitch dev's
 * rebuild of an edited post.
 */
export function parsePostFile(root: string, contentDir: string, absolutePath: string, text: string): Post | undefined {
  const file = relative(root, absolutePath);
  const slug = basename(absolutePath, '.md');
  if (!isSlug(slug) || !absolutePath.startsWith(`${contentDir}/blog/`)) return undefined;
  const { parsed, diagnostics } = parseMarkdownSource(file, text);
  const result = parsed ? validate(schemas.postSchema, parsed.doc) : undefined;
  if (!parsed || !result?.data || diagnostics.length > 0 || result.diagnostics.length > 0) return undefined;
  const minutes = result.data.readingTime ?? readingTime(parsed.body);
  return { slug, ...result.data, readingTime: minutes, body: parsed.body, origin: { file, line: parsed.bodyLine } };
}

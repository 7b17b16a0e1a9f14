// The content stage's blog posts (load-content.ts runs it beside the YAML files). Each post is
// read and hashed; one parsed before is taken from the post cache; its text hash goes to graph.sources, and without kept bodies (`stitch build`) a post keeps
// only where its body starts in its file (post-bodies.ts reads it back).
import { basename } from 'node:path';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { errors } from '../errors/catalogue.ts';
import { readingTime } from '../markdown/reading-time.ts';
import { sourceHash, type PostMemo, type YamlMemo } from '../cache/post-cache.ts';
import { parseMarkdownSource } from './parse-source.ts';
import { unshared } from './post-bodies.ts';
import type { SourceReader } from './read-source.ts';
import type * as Schemas from './schemas.ts';
import { isSlug } from './slug.ts';
import type { Origin, Post, SourceText } from './types.ts';
import { validate } from './validate.ts';

/** What the content stage's loaders share (load-content.ts makes one per run). */
export interface Loader {
  root: string;
  contentDir: string;
  diagnostics: Diagnostic[];
  /** Parsed posts from earlier builds (the post cache), when the build keeps one. */
  posts?: PostMemo;
  /** Parsed YAML files from earlier builds. */
  yaml?: YamlMemo;
  /** The content folder's files, read through the rules of read-source.ts. */
  reader: SourceReader;
  /** The schemas module (zod), imported on first use. */
  schemas(): Promise<typeof Schemas>;
  keepBodies: boolean;
}

/** Newest first, then by slug. */
function sortPosts(posts: Post[]): Post[] {
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** Posts parsed between two turns of the event loop (when a listener takes their bodies). */
const POST_SLICE = 64;

/** The posts, newest first; `sources` gets each one's body and text hash (page keys hash that, not the body). */
export async function loadPosts(ctx: Loader, sources: Map<string, SourceText>): Promise<Post[]> {
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
    const result = parsed ? validate((await ctx.schemas()).postSchema, parsed.doc) : undefined;
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
  return sortPosts(posts);
}

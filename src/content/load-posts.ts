// The content stage's blog posts (load-content.ts runs it beside the YAML files). Each post is
// read and hashed; one parsed before is taken from the post cache; its text hash goes to
// graph.sources, and without kept bodies (`stitch build`) a post keeps only where its body
// starts in its file (post-bodies.ts reads it back).
import { basename } from 'node:path';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { errors } from '../errors/catalogue.ts';
import { readingTime } from '../markdown/reading-time.ts';
import type { Cache } from '../cache/cache.ts';
import { sourceHash, sourceKey, storable, type ParsedPost, type YamlEntry } from '../cache/post-cache.ts';
import { parseMarkdownSource } from './parse-source.ts';
import { mayNeedMarkdownCheck, unshared } from './post-bodies.ts';
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
  posts?: Cache<ParsedPost>;
  /** Parsed YAML files from earlier builds. */
  yaml?: Cache<YamlEntry>;
  /** The content folder's files, read through the rules of read-source.ts. */
  reader: SourceReader;
  /** The schemas module (zod), imported on first use. */
  schemas(): Promise<typeof Schemas>;
  keepBodies: boolean;
}

/** Posts read and parsed at once: without kept bodies, a slice's texts can go before the next is read. */
const POST_SLICE = 64;

/** The posts, newest first; `sources` gets each one's body and text hash (page keys hash that, not the body). */
export async function loadPosts(ctx: Loader, sources: Map<string, SourceText>): Promise<Post[]> {
  const files = ctx.reader.list('blog', /\.md$/, true);
  const posts: Post[] = [];
  const seen = new Map<string, string>();
  /** A post file read and parsed, or its parse taken from the post cache. */
  const loadOne = async (rel: string) => {
    const source = ctx.reader.read(rel);
    if (typeof source === 'string') return undefined;
    const hash = sourceHash(source.text);
    const cached = ctx.posts?.get(sourceKey(source.file, hash));
    if (cached && cached.bodyStart <= source.text.length) return { rel, source, hash, post: cached, body: source.text.slice(cached.bodyStart), fromCache: true, diagnostics: [] };
    const { parsed, diagnostics } = parseMarkdownSource(source.file, source.text);
    const result = parsed ? validate((await ctx.schemas()).postSchema, parsed.doc) : undefined;
    const data = result?.data;
    const post: ParsedPost | undefined = parsed && data && {
      data, bodyStart: source.text.length - parsed.body.length, bodyLine: parsed.bodyLine, readingTime: data.readingTime ?? readingTime(parsed.body),
    };
    return { rel, source, hash, post, body: parsed?.body ?? '', fromCache: false, diagnostics: [...diagnostics, ...(result?.diagnostics ?? [])] };
  };
  // Pushed after the last file, so the messages keep the files' order.
  const diagnostics: Diagnostic[] = [];
  const take = (item: Awaited<ReturnType<typeof loadOne>>) => {
    if (!item) return;
    const { source, post, body, hash } = item;
    diagnostics.push(...item.diagnostics);
    const slug = basename(item.rel, '.md');
    const origin: Origin = { file: source.file, line: 1, column: 1 };
    const other = seen.get(slug);
    if (other) {
      diagnostics.push(errors.duplicateId(origin, 'post slug', slug, other));
      return;
    }
    seen.set(slug, source.file);
    if (!isSlug(slug)) {
      diagnostics.push(errors.schema({ ...origin, field: '(file name)' }, 'a lowercase slug like "my-post" as the file name', `"${slug}"`));
      return;
    }
    if (!post) return;
    // The body is the text's tail, so it can be read back (a cached post's always is).
    const cut = item.fromCache || source.text.endsWith(body);
    if (!item.fromCache && item.diagnostics.length === 0 && cut && storable(post.data)) ctx.posts?.set(sourceKey(source.file, hash), post);
    const keep = ctx.keepBodies || !cut;
    // Data from the post cache was decoded from its own JSON (JSON.parse copies every string):
    // only a fresh parse's strings are slices of the file's text.
    const data = keep || item.fromCache ? post.data : unshared(post.data);
    posts.push({ slug, ...data, readingTime: post.readingTime, body: keep ? body : '', origin: { file: source.file, line: post.bodyLine } });
    sources.set(source.file, keep ? { body, hash } : { hash, path: `${ctx.contentDir}/${item.rel}`, start: post.bodyStart, markup: mayNeedMarkdownCheck(body) });
  };
  for (let i = 0; i < files.length; i += POST_SLICE) {
    for (const item of await Promise.all(files.slice(i, i + POST_SLICE).map(loadOne))) take(item);
  }
  ctx.diagnostics.push(...diagnostics);
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)); // newest first, then by slug
}

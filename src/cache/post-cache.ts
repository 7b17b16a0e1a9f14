// The cache of parsed blog posts: front matter parsed (YAML with positions) and validated (zod),
// where the body starts, and the reading time. Keyed by the engine's version, the file's
// path and the sha256 of its text, so any edit (or a change to the parser, schemas or libraries)
// misses. Only posts without any diagnostic are stored: a post with a problem
// is parsed again every time, so its messages come out exactly as before.
import { createHash, hash as oneShot } from 'node:crypto';
import type { PostFrontMatter } from '../content/schemas.ts';
import { jsonKind, type Cache, type CacheKind } from './cache.ts';
import { engineVersion } from './engine-version.ts';

export interface ParsedPost {
  /** Validated front matter. */
  data: PostFrontMatter;
  /** Offset in the file text where the Markdown body starts. */
  bodyStart: number;
  /** 1-based line where the body starts. */
  bodyLine: number;
  /** Minutes (front matter or computed). */
  readingTime: number;
}

/** What the content loader asks of a post cache; `hash` is sourceHash(text), when known. */
export interface PostMemo {
  get(file: string, text: string, hash?: string): ParsedPost | undefined;
  set(file: string, text: string, post: ParsedPost, hash?: string): void;
}

/** sha256 (hex) of a source file's text: the post cache's key and a post page's key use it. */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Parsed posts, stored as JSON (one record each, parsed only when a build asks for it). */
export function postCacheKind(): CacheKind<ParsedPost> {
  return jsonKind('posts', engineVersion, valid);
}

/** The content loader's view of a post cache: keyed by the file and its text (hashed once: the loader keeps the hash for the page keys). */
export function postMemo(cache: Cache<ParsedPost>): PostMemo {
  return {
    get: (file, text, hash = sourceHash(text)) => {
      const post = cache.get(sourceKey(file, hash));
      return post && post.bodyStart <= text.length ? post : undefined;
    },
    set: (file, text, post, hash = sourceHash(text)) => {
      if (plainJson(post.data)) cache.set(sourceKey(file, hash), post);
    },
  };
}

/** A source file's key: one string hashed at once, the same digest as a Hash fed in parts at half the cost (4,000 posts a build). */
function sourceKey(file: string, hash: string): string {
  return oneShot('sha256', `${engineVersion}\0${file}\0${hash}`);
}

function valid(post: ParsedPost): boolean {
  return Boolean(post) && typeof post.data === 'object' && post.data !== null && Number.isInteger(post.bodyStart)
    && Number.isInteger(post.bodyLine) && typeof post.readingTime === 'number';
}

/** Whether `value` survives JSON unchanged: only such data can be cached. */
function plainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && plainJson(v));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as Record<string, unknown>).every((v) => v === undefined || plainJson(v));
  }
  return false;
}

/** What the content loader asks of a cache of parsed YAML files: their plain data, by file and text hash. */
export interface YamlMemo {
  get(file: string, hash: string): unknown;
  set(file: string, hash: string, data: unknown): void;
}

/**
 * Parsed and validated YAML files (site.yaml, services/, locations/…) and the Markdown pages'
 * front matter (with where the body starts), as JSON: a build where nothing changed neither
 * parses nor validates, nor loads the parsers and zod. Only files without any diagnostic are
 * stored. The positions are not stored: a file whose data comes from here is parsed again only
 * when a diagnostic asks where a field is.
 */
export function yamlCacheKind(): CacheKind<{ data: unknown }> {
  return jsonKind('yaml', engineVersion, (v) => typeof v === 'object' && v !== null && 'data' in v);
}

export function yamlMemo(cache: Cache<{ data: unknown }>): YamlMemo {
  return {
    get: (file, hash) => cache.get(sourceKey(file, hash))?.data,
    set: (file, hash, data) => {
      if (plainJson(data)) cache.set(sourceKey(file, hash), { data });
    },
  };
}

// The caches of parsed content files, keyed by `sourceKey` (the file's path and the sha256 of its
// text; the kind's version is the engine's), so any edit (or a change to the parser, schemas or
// libraries) misses. Only files without any diagnostic are stored: a file with a problem is
// parsed again every time, so its messages come out exactly as before.
import { createHash } from 'node:crypto';
import type { PostFrontMatter } from '../content/schemas.ts';
import { jsonKind, type CacheKind } from './cache.ts';
import { engineVersion } from './engine-version.ts';

/** A blog post's front matter parsed (YAML with positions) and validated (zod), where its body starts, and its reading time. */
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

/** sha256 (hex) of a source file's text: the content caches' keys and a post page's key use it. */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A content file's cache key: its path and its text's hash. */
export const sourceKey = (file: string, hash: string) => `${file}\0${hash}`;

/** Parsed posts, stored as JSON (one record each, parsed only when a build asks for it). */
export function postCacheKind(): CacheKind<ParsedPost> {
  return jsonKind('posts', engineVersion, (post) => Boolean(post) && typeof post.data === 'object' && post.data !== null
    && Number.isInteger(post.bodyStart) && Number.isInteger(post.bodyLine) && typeof post.readingTime === 'number');
}

/** A YAML file's validated data, with what its loader keeps beside it (positions, where a page's body starts). */
export type YamlEntry = { data: unknown } & Record<string, unknown>;

/**
 * Parsed and validated YAML files (site.yaml, services/, locations/…) and the Markdown pages'
 * front matter (with where the body starts), as JSON: a build where nothing changed neither
 * parses nor validates, nor loads the parsers and zod. The positions are not stored: a file
 * whose data comes from here is parsed again only when a diagnostic asks where a field is.
 */
export function yamlCacheKind(): CacheKind<YamlEntry> {
  return jsonKind('yaml', engineVersion, (v) => typeof v === 'object' && v !== null && 'data' in v);
}

/** Whether `value` survives JSON unchanged: only such data can be cached. */
export function storable(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && storable(v));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as Record<string, unknown>).every((v) => v === undefined || storable(v));
  }
  return false;
}

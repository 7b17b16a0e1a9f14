// A post's Markdown body, when the build did not keep it. `stitch build` keeps no post body on
// the main thread (10,000 posts: ~55 MB of strings held for the whole build): the content stage
// keeps where each body starts in its file and the sha256 of the file's text (graph.sources),
// and whoever needs a body — the document pass, the feeds, the link check placing a finding —
// reads it back, one at a time, and lets it go.
import { readFileSync } from 'node:fs';
import { sourceHash } from '../cache/post-cache.ts';
import { normalizeSource } from './parse-source.ts';
import type { ContentGraph, Post, SourceText } from './types.ts';

/** Whether the build left this post's body in its file (read it with readBody). */
export function bodyReleased(source: SourceText | undefined): source is SourceText & { path: string; start: number } {
  return source !== undefined && source.body === undefined && source.path !== undefined && source.start !== undefined;
}

/**
 * The body the build left in `file`, as the content stage cut it: the file's text read again,
 * checked against the hash the build keyed its pages with. Undefined when the build kept that
 * body (or has no such file), null when the file changed or went away since the content stage.
 */
export function readBackBody(graph: Pick<ContentGraph, 'sources'>, file: string): string | null | undefined {
  const source = graph.sources?.get(file);
  if (!bodyReleased(source)) return undefined;
  let text: string;
  try {
    text = normalizeSource(readFileSync(source.path, 'utf8'));
  } catch {
    return null;
  }
  return sourceHash(text) === source.hash ? text.slice(source.start) : null;
}

/**
 * A post's body: the one it carries, or, when the build did not keep it, read back from its
 * file. Throws when the file changed or went away since the content stage.
 */
export function postBody(graph: Pick<ContentGraph, 'sources'>, post: Pick<Post, 'body' | 'origin'>): string {
  const body = readBackBody(graph, post.origin.file);
  if (body === null) throw new Error(`${post.origin.file} changed or went away while the site was building: build again`);
  return body ?? post.body;
}

/** Whether the Markdown rules (check/check-markdown.ts: raw HTML, images) can find anything in a body. */
export function mayNeedMarkdownCheck(body: string): boolean {
  return body.includes('<') || body.includes('![');
}

/**
 * `value` with every string copied out of the text it was parsed from. A string the YAML parser
 * cut from a file's text (a title, a description) is a slice that keeps the whole text alive:
 * without the body kept, that would still hold every post's text for the whole build.
 */
export function unshared<T>(value: T): T {
  if (typeof value === 'string') return (value.length > 12 ? JSON.parse(JSON.stringify(value)) : value) as T;
  if (Array.isArray(value)) return value.map(unshared) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) copy[key] = unshared(v);
    return copy as T;
  }
  return value;
}

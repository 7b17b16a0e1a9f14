// The cache of the Markdown stage's output: a document's HTML, keyed by sha256 of the Markdown
// engine's version, the pipeline options and the Markdown text (see cache.ts for where it lives).
import { createHash } from 'node:crypto';
import { textKind, type CacheKind } from './cache.ts';
import { engineVersion } from './engine-version.ts';
import { markdownOptionsKey, type MarkdownOptions } from '../markdown/options-key.ts';

/** The cache key of one Markdown document. */
export function markdownKey(markdown: string, optionsKey: string, engine: string): string {
  return createHash('sha256').update(engine).update('\0').update(optionsKey).update('\0').update(markdown).digest('hex');
}

/** The cache keys of documents rendered with `options` by this engine. */
export function markdownKeys(options: MarkdownOptions): (markdown: string) => string {
  const optionsKey = markdownOptionsKey(options);
  return (markdown) => markdownKey(markdown, optionsKey, engineVersion);
}

/** Rendered Markdown: HTML text, stored as UTF-8. */
export function markdownCacheKind(): CacheKind<string> {
  return textKind('markdown', engineVersion);
}

// One blog post file parsed and validated on its own, for stitch dev's rebuild of an edited
// post. Apart from load-content.ts, which loads the schemas (zod) only when a file needs them.
import { realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { readingTime } from '../markdown/reading-time.ts';
import { displayPath as relative } from './display-path.ts';
import { parseMarkdownSource } from './parse-source.ts';
import { projectBounds } from './project-files.ts';
import * as schemas from './schemas.ts';
import { isSlug } from './slug.ts';
import type { Post } from './types.ts';
import { validate } from './validate.ts';

/**
 * One blog post file parsed as the content stage would: the post, or
 * undefined when the file has any problem (a full build then reports it).
 */
export function parsePostFile(root: string, contentDir: string, absolutePath: string, text: string): Post | undefined {
  const file = relative(root, absolutePath);
  const slug = basename(absolutePath, '.md');
  if (!isSlug(slug) || !absolutePath.startsWith(`${contentDir}/blog/`)) return undefined;
  // A file that is not UTF-8 text (decoded with "�") or holds a NUL, or a link out of the
  // project: the full build reports it (read-source.ts, project-files.ts).
  if (text.includes('\ufffd') || text.includes('\0') || !resolvesInside(absolutePath, root, contentDir)) return undefined;
  const { parsed, diagnostics } = parseMarkdownSource(file, text);
  const result = parsed ? validate(schemas.postSchema, parsed.doc) : undefined;
  if (!parsed || !result?.data || diagnostics.length > 0 || result.diagnostics.length > 0) return undefined;
  const minutes = result.data.readingTime ?? readingTime(parsed.body);
  return { slug, ...result.data, readingTime: minutes, body: parsed.body, origin: { file, line: parsed.bodyLine } };
}

function resolvesInside(file: string, root: string, contentDir: string): boolean {
  try {
    return projectBounds(contentDir, root)?.inside(realpathSync.native(file)) ?? false;
  } catch {
    return false;
  }
}

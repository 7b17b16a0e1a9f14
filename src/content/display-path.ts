// How a file is named in diagnostics: relative to the project root when inside it, else absolute.
import { isAbsolute, relative } from 'node:path';

export function displayPath(root: string, file: string): string {
  const rel = relative(root, file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

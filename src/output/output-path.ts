// Defence in depth: every file a writer makes is proven to lie inside its output folder, so no
// path from content (a redirect `from`, a slug) can write or delete anything outside it.
import { isAbsolute, resolve, sep } from 'node:path';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';

/** The absolute file for `path` (relative to the output root `root`); throws when it would leave it. */
export function outputFile(root: string, path: string): string {
  const file = resolve(root, path);
  const unsafe = isAbsolute(path) || /[\\\x00-\x1f]/.test(path) || !file.startsWith(`${root}${sep}`);
  if (unsafe) throw new StitchError([errors.outputPathOutside(path)]);
  return file;
}

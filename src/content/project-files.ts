// The files of content/ (or the --content folder) and site-assets/, listed for the content
// stage. Symbolic links are followed only where they resolve inside the project: a link out of
// it (to /etc, to a home folder) is an error naming the link, and nothing behind it is read or
// copied, so a committed link never publishes the build machine's files (docs/security.md).
// A folder (or, with `readable`, a file) the build's user cannot read is named too, instead of
// the build failing on EACCES or leaving the file out in silence.
import { accessSync, constants, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { displayPath } from './display-path.ts';

export interface ProjectFiles {
  /** The files, '/'-separated and relative to the folder, sorted; names starting with a dot left out (as fast-glob's default). */
  files: string[];
  /** Links out of the project and folders or files that cannot be read: relative paths, each named by a diagnostic. */
  refused: string[];
  diagnostics: Diagnostic[];
}

/** Why a file or folder cannot be read, in words; undefined for errors that mean "not there". */
export function unreadableReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied (${code})`;
  if (code === 'EIO') return 'an input/output error of the disk (EIO)';
  return undefined;
}

/**
 * Where the files of `dir` may really be (links followed): inside `root` (the project) or, for a
 * folder named outside the project (`--content /elsewhere`), inside that folder. Undefined when
 * `dir` does not exist.
 */
export function projectBounds(dir: string, root: string): { realDir: string; inside: (real: string) => boolean } | undefined {
  const named = relative(root, dir);
  const chosenOutside = named.startsWith('..') || isAbsolute(named);
  try {
    const realDir = realpathSync.native(dir);
    const bounds = [realpathSync.native(root), ...(chosenOutside ? [realDir] : [])];
    return { realDir, inside: (real) => bounds.some((b) => real === b || real.startsWith(b.endsWith(sep) ? b : b + sep)) };
  } catch {
    return undefined;
  }
}

/** Lists `dir`'s files, following only links that stay in its bounds (projectBounds). */
export function listProjectFiles(dir: string, root: string, options: { readable?: boolean } = {}): ProjectFiles {
  const files: string[] = [];
  const refused: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const bounded = projectBounds(dir, root);
  if (!bounded) return { files, refused, diagnostics }; // no such folder: the caller says what is missing
  const { realDir, inside } = bounded;
  const show = (abs: string) => displayPath(root, abs);
  if (!inside(realDir)) return { files, refused: [''], diagnostics: [errors.linkOutsideProject(show(dir), realDir)] };

  const walk = (abs: string, rel: string, real: string, above: Set<string>) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      const reason = unreadableReason(error);
      if (reason) {
        diagnostics.push(errors.unreadable(show(abs), 'folder', reason));
        refused.push(rel);
      }
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const childAbs = `${abs}/${entry.name}`;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      let childReal = `${real}/${entry.name}`;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          childReal = realpathSync.native(childAbs);
        } catch {
          continue; // a broken link is no file (as fast-glob has it)
        }
        if (!inside(childReal)) {
          diagnostics.push(errors.linkOutsideProject(show(childAbs), childReal));
          refused.push(childRel);
          continue;
        }
        const stats = statSync(childReal);
        isDirectory = stats.isDirectory();
        isFile = stats.isFile();
      }
      if (isDirectory) {
        if (above.has(childReal)) continue; // a link back to a folder above: a loop
        walk(childAbs, childRel, childReal, new Set(above).add(childReal));
      } else if (isFile) {
        if (options.readable && !canRead(childAbs, show, diagnostics)) {
          refused.push(childRel);
          continue;
        }
        files.push(childRel);
      }
    }
  };
  walk(dir, '', realDir, new Set([realDir]));
  return { files: files.sort(), refused, diagnostics };
}

function canRead(file: string, show: (abs: string) => string, diagnostics: Diagnostic[]): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch (error) {
    diagnostics.push(errors.unreadable(show(file), 'file', unreadableReason(error) ?? String((error as Error).message)));
    return false;
  }
}

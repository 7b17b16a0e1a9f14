// Reads the content stage's files: only those the listing of the content folder found
// (project-files.ts: no link out of the project is ever read), as UTF-8 text (decode-text.ts),
// and tells a file that is not there from one that cannot be read: the first is the loader's
// to report (required, or a default), the second is an error naming the file.
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { errors } from '../errors/catalogue.ts';
import { decodeText } from './decode-text.ts';
import { displayPath } from './display-path.ts';
import { normalizeSource } from './parse-source.ts';
import { unreadableReason, type ProjectFiles } from './project-files.ts';

/** File texts kept between builds (stitch dev): `get` answers only for a file known unchanged. */
export interface TextMemo {
  get(absolutePath: string): string | undefined;
  set(absolutePath: string, text: string): void;
}

/** A file's text and its path relative to the project; 'missing' when it is not there; 'failed' when a diagnostic says why it was not read. */
export type ReadResult = { file: string; text: string } | 'missing' | 'failed';

export class SourceReader {
  private readonly files: Set<string>;
  private readonly refused: string[];
  constructor(
    private readonly root: string,
    private readonly contentDir: string,
    listing: ProjectFiles,
    private readonly diagnostics: Diagnostic[],
    private readonly texts?: TextMemo,
  ) {
    this.files = new Set(listing.files);
    this.refused = listing.refused;
  }

  /** The listed files under `folder` (relative to the content folder) whose names match `name`. */
  list(folder: string, name: RegExp, nested = false): string[] {
    const out: string[] = [];
    for (const rel of this.files) {
      if (!rel.startsWith(`${folder}/`) || !name.test(rel)) continue;
      if (nested || !rel.includes('/', folder.length + 1)) out.push(rel);
    }
    return out.sort();
  }

  read(rel: string): ReadResult {
    // A link out of the project, or inside a folder that could not be read: reported by the listing.
    if (this.refused.some((r) => r === '' || rel === r || rel.startsWith(`${r}/`))) return 'failed';
    const abs = `${this.contentDir}/${rel}`;
    const file = displayPath(this.root, abs);
    const known = this.texts?.get(abs);
    if (known !== undefined) return { file, text: known };
    if (!this.files.has(rel)) return 'missing';
    let bytes: Buffer;
    try {
      // Synchronous on purpose: thousands of small reads through the promise API cost several
      // times the CPU (a thread-pool round trip each), and nothing else runs while content loads.
      bytes = readFileSync(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return 'missing';
      this.diagnostics.push(errors.unreadable(file, 'file', unreadableReason(error) ?? (error as Error).message));
      return 'failed';
    }
    const decoded = decodeText(file, bytes);
    if ('diagnostic' in decoded) {
      this.diagnostics.push(decoded.diagnostic);
      return 'failed';
    }
    const text = normalizeSource(decoded.text);
    this.texts?.set(abs, text);
    return { file, text };
  }
}

// Reads the content stage's files: only those the listing of the content folder found
// (project-files.ts: no link out of the project is ever read), as UTF-8 text, and tells a file
// that is not there from one that cannot be read: the first is the loader's to report
// (required, or a default), the second is an error naming the file.
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { errors } from '../errors/catalogue.ts';
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

const REPLACEMENT = '\ufffd';
const REPLACEMENT_BYTES = Buffer.from(REPLACEMENT);

/**
 * A file's bytes as text, refusing what is not UTF-8: Node's decoder would turn a byte of a
 * Latin-1 file (`Caf\xe9`) into "�" and publish it, and a NUL byte is never text. Either is an
 * error at its line and column, as an editor counts them (characters, not bytes).
 */
function decodeText(file: string, bytes: Buffer): { text: string } | { diagnostic: Diagnostic } {
  const valid = isUtf8(bytes);
  const text = bytes.toString('utf8');
  const nul = text.indexOf('\0');
  if (valid && nul < 0) return { text };
  // The first bad place: a NUL, or the first "�" the decoder made (one the file holds as its
  // three UTF-8 bytes is text, and is passed over).
  let bad = valid ? -1 : firstReplaced(text, bytes);
  let found: string;
  if (bad < 0 || (nul >= 0 && nul < bad)) {
    bad = nul;
    found = 'a NUL byte (0x00)';
  } else {
    const at = Buffer.byteLength(text.slice(0, bad));
    found = `the byte 0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')}, which UTF-8 does not allow there`;
  }
  const before = text.slice(0, bad);
  const line = before.split('\n').length;
  // An editor does not count a byte order mark (normalizeSource drops it).
  const column = bad - before.lastIndexOf('\n') - (line === 1 && text.startsWith('\ufeff') ? 1 : 0);
  return { diagnostic: errors.notUtf8({ file, line, column }, found) };
}

/** The index in `text` of the first "�" that stands for bytes the decoder could not read. */
function firstReplaced(text: string, bytes: Buffer): number {
  for (let i = text.indexOf(REPLACEMENT); i >= 0; i = text.indexOf(REPLACEMENT, i + 1)) {
    // Everything before `i` decoded cleanly, so it is the same number of bytes in the file.
    const at = Buffer.byteLength(text.slice(0, i));
    if (!bytes.subarray(at, at + REPLACEMENT_BYTES.length).equals(REPLACEMENT_BYTES)) return i;
  }
  return -1;
}

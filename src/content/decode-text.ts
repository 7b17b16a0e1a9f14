// A content file's bytes as text, refusing what is not UTF-8: Node's decoder would turn a byte
// of a Latin-1 file (`Caf\xe9`) into "�" and publish it, and a NUL byte is never text. Either is
// an error at its line and column, as an editor counts them (characters, not bytes).
import { isUtf8 } from 'node:buffer';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

const REPLACEMENT = '\ufffd';
const REPLACEMENT_BYTES = Buffer.from(REPLACEMENT);

export function decodeText(file: string, bytes: Buffer): { text: string } | { diagnostic: Diagnostic } {
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

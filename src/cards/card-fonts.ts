// The card template's fonts (templates/cards: family, weight → a .woff of an installed package),
// read once per build from the project's packages, and their hash for the cards' cache keys.
// resvg draws the titles' text from them too (card-text.ts), from OpenType files on disk: it takes
// fonts only as files, and reads TrueType and OpenType, not WOFF.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import type { CardTemplate } from './card-template.ts';

export interface CardFont {
  name: string;
  weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  style: 'normal' | 'italic';
  data: Buffer;
}

export async function readCardFonts(template: Pick<CardTemplate, 'cardFonts'>, root: string): Promise<CardFont[]> {
  const require = createRequire(`${root}/package.json`);
  return Promise.all(template.cardFonts.map(async (f) => ({ name: f.name, weight: f.weight as CardFont['weight'], style: f.style, data: await readFile(require.resolve(f.file)) })));
}

/** A font upgrade redraws the cards. */
export function fontsHash(fonts: CardFont[]): string {
  const hash = createHash('sha256');
  for (const f of fonts) hash.update(`${f.name} ${f.weight} ${f.style}\0`).update(f.data);
  return hash.digest('hex').slice(0, 16);
}

/**
 * `font` as an OpenType file (sfnt) written in `dir`, named by its bytes' hash (so threads that
 * write it at once write the same bytes, and a font upgrade writes a new one): its path.
 */
export async function fontFile(font: CardFont, dir: string): Promise<string> {
  const sfnt = toSfnt(font.data);
  const file = join(dir, `card-font-${createHash('sha256').update(sfnt).digest('hex').slice(0, 16)}.${sfnt.readUInt32BE(0) === OTTO ? 'otf' : 'ttf'}`);
  if (!existsSync(file)) await writeFileAtomic(file, sfnt);
  return file;
}

const WOFF = 0x774f4646; // 'wOFF'
const OTTO = 0x4f54544f; // 'OTTO': CFF outlines

/**
 * The sfnt a WOFF 1.0 font wraps (W3C WOFF 1.0, section 5: the same tables, each zlib-compressed
 * when that made it smaller, behind a header and directory of their own); any other font as it is.
 * WOFF 2.0 (another transform and Brotli) is not read: the template's fonts are .woff (satori reads
 * neither WOFF 2 nor variable fonts either).
 */
export function toSfnt(font: Buffer): Buffer {
  if (font.length < 44 || font.readUInt32BE(0) !== WOFF) return font;
  const count = font.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = font.readUInt32BE(entry + 4);
    const stored = font.subarray(offset, offset + font.readUInt32BE(entry + 8));
    const length = font.readUInt32BE(entry + 12);
    return { tag: font.readUInt32BE(entry), checksum: font.readUInt32BE(entry + 16), data: stored.length < length ? inflateSync(stored) : stored };
  });
  // The offset table, then a record per table (in the directory's order: sorted by tag), then the tables, each padded to 4 bytes.
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(tables.reduce((size, t) => size + padded(t.data.length), 12 + 16 * count));
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(font.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let at = 12 + 16 * count;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(t.tag, record);
    out.writeUInt32BE(t.checksum, record + 4);
    out.writeUInt32BE(at, record + 8);
    out.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(out, at);
    at += padded(t.data.length);
  });
  return out;
}

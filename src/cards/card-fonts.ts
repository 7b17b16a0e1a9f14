// The card template's fonts (templates/cards `cardFonts`: family, weight → a .woff of an
// installed @fontsource package) and its fallback fonts (`fallbackFonts`: packages whose subsets
// are loaded only for the characters a title needs that the card's fonts lack: Cyrillic, Greek,
// CJK…; emoji are images, draw-cards.ts). Which subset holds which characters is the package's
// own unicode.json.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CardTemplate } from './card-template.ts';

export type CardFont = { name: string; weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900; style: 'normal' | 'italic'; data: Buffer };

type Ranges = [from: number, to: number][];

export async function readCardFonts(template: Pick<CardTemplate, 'cardFonts'>, root: string): Promise<CardFont[]> {
  const require = createRequire(`${root}/package.json`);
  return Promise.all(template.cardFonts.map(async (f) => ({ name: f.name, weight: f.weight as CardFont['weight'], style: f.style, data: await readFile(require.resolve(f.file)) })));
}

/** A font upgrade redraws the cards: the card fonts' bytes, the fallback and emoji packages' versions. */
export function fontsHash(fonts: CardFont[], template: Pick<CardTemplate, 'fallbackFonts' | 'emojiImages'>, root: string): string {
  const require = createRequire(`${root}/package.json`);
  const version = (pkg: string) => `${pkg}@${(require(`${pkg}/package.json`) as { version: string }).version}`;
  const hash = createHash('sha256');
  for (const f of fonts) hash.update(`${f.name} ${f.weight} ${f.style}\0`).update(f.data);
  for (const f of template.fallbackFonts) hash.update(`${version(f.package)} ${f.weight}\0`);
  hash.update(version(template.emojiImages));
  return hash.digest('hex').slice(0, 16);
}

/** One subset of a fallback package: its font file and the characters it holds. */
type Subset = { font: Omit<CardFont, 'data'>; file: string; ranges: Ranges };

/** Emoji and the characters that join or style them: drawn as images (draw-cards.ts), not from fonts. */
export const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Component}/u;

/**
 * The fallback fonts of one batch of cards: each title's own list, chosen character by character
 * (the first subset, in the template's order, that holds it), so a card's fonts depend on its
 * text alone, never on the cards drawn before it. Font files are read once per batch.
 */
export class FallbackFonts {
  private readonly read = new Map<string, Promise<Buffer | undefined>>();
  private readonly lists = new Map<string, CardFont[]>();

  private constructor(private readonly covered: Ranges, private readonly subsets: Subset[]) {}

  static async load(template: Pick<CardTemplate, 'cardFonts' | 'fallbackFonts'>, root: string): Promise<FallbackFonts> {
    const require = createRequire(`${root}/package.json`);
    const dirOf = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));
    const rangesOf = async (pkg: string) => JSON.parse(await readFile(join(dirOf(pkg), 'unicode.json'), 'utf8')) as Record<string, string>;
    // The card fonts' own subsets: `@fontsource/<name>/files/<name>-<subset>-<weight>-<style>.woff`.
    const covered = await Promise.all(template.cardFonts.map(async (f) => {
      const [, pkg, , subset] = /^(@fontsource\/([^/]+))\/files\/\2-(.+)-\d+-\w+\.woff$/.exec(f.file) ?? [];
      return pkg ? parseRanges((await rangesOf(pkg))[subset] ?? '') : [];
    }));
    const subsets = await Promise.all(template.fallbackFonts.map(async (f) => Object.entries(await rangesOf(f.package)).map(([subset, ranges]): Subset => ({
      // A name per subset: satori takes one font per name (and weight), so subsets of one name would hide each other.
      font: { name: `${f.name} ${subset}`, weight: f.weight, style: 'normal' },
      file: join(dirOf(f.package), 'files', `${f.package.split('/')[1]}-${subset.replace(/[[\]]/g, '')}-${f.weight}-normal.woff`),
      ranges: parseRanges(ranges),
    }))));
    return new FallbackFonts(covered.flat(), subsets.flat());
  }

  /** `cardFonts` and the fallback fonts `text` needs: the same array for the same fonts (satori parses an array's fonts once). */
  async listFor(cardFonts: CardFont[], text: string): Promise<CardFont[]> {
    const fallback = await this.fontsFor(text);
    const key = fallback.map((f) => f.name).join('\0');
    let list = this.lists.get(key);
    if (!list || list[0] !== cardFonts[0]) this.lists.set(key, (list = [...cardFonts, ...fallback]));
    return list;
  }

  /** The fallback fonts `text` needs (none for text the card's fonts hold), in the template's order. */
  async fontsFor(text: string): Promise<CardFont[]> {
    const needed = new Set<Subset>();
    for (const ch of new Set(text)) {
      const code = ch.codePointAt(0)!;
      if (within(this.covered, code) || EMOJI.test(ch)) continue;
      const subset = this.subsets.find((s) => within(s.ranges, code));
      if (subset) needed.add(subset);
    }
    const fonts = await Promise.all(this.subsets.filter((s) => needed.has(s)).map(async (s) => {
      let data = this.read.get(s.file);
      if (!data) this.read.set(s.file, (data = readFile(s.file).catch(() => undefined)));
      const bytes = await data;
      return bytes && { ...s.font, data: bytes };
    }));
    return fonts.filter((f) => f !== undefined);
  }
}

/** "U+0000-00FF,U+0131" → [[0, 255], [305, 305]]. */
function parseRanges(text: string): Ranges {
  return text.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return from ? [[parseInt(from, 16), parseInt(to, 16)] as [number, number]] : [];
  });
}

function within(ranges: Ranges, code: number): boolean {
  return ranges.some(([from, to]) => code >= from && code <= to);
}

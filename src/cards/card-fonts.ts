// The card template's fonts (templates/cards: family, weight → a .woff of an installed package),
// read once per build from the project's packages, and their hash for the cards' cache keys.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CardTemplate } from './card-template.ts';

export interface CardFont {
  name: string;
  weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  style: 'normal' | 'italic';
  data: Buffer;
}

export async function readCardFonts(template: CardTemplate, root: string): Promise<CardFont[]> {
  const require = createRequire(`${root}/package.json`);
  return Promise.all(template.cardFonts.map(async (f) => ({ name: f.name, weight: f.weight as CardFont['weight'], style: f.style, data: await readFile(require.resolve(f.file)) })));
}

/** A font upgrade redraws the cards. */
export function fontsHash(fonts: CardFont[]): string {
  const hash = createHash('sha256');
  for (const f of fonts) hash.update(`${f.name} ${f.weight} ${f.style}\0`).update(f.data);
  return hash.digest('hex').slice(0, 16);
}

// Bundles templates/cards/index.ts (the social card, its fonts and sizes) on its
// own with esbuild and imports it. Apart from the page templates so that the bundle's hash, part
// of every card's cache key, changes only when the card's own code does.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readSealed, writeSealed } from '../cache/file-cache.ts';
import { pathToFileURL } from 'node:url';
import type { ReactNode } from 'react';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { bundleForNode, sameBytes } from '../render/bundle-templates.ts';

/** What templates/cards/index.ts exports. */
export interface CardTemplate {
  CARD_WIDTH: number;
  CARD_HEIGHT: number;
  /** The cover photo's box: the engine crops the photo to fill it. */
  PHOTO_BOX: { left: number; top: number; width: number; height: number };
  cardFonts: readonly { name: string; weight: number; style: 'normal' | 'italic'; file: string }[];
  /** Packages whose fonts draw the characters `cardFonts` lack (card-fonts.ts FallbackFonts). */
  fallbackFonts: readonly { name: string; package: string; weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 }[];
  /** The package of the emoji's SVG files (`<code points in hex, joined by ->.svg`). */
  emojiImages: string;
  /** The whole card; `logo` and `photo` are data URLs. */
  SocialCard: (props: { title: string; category: string; siteName: string; host: string; logo?: string; photo?: string }) => ReactNode;
}

export interface CardTemplateBundle {
  /** The template's fonts (part of every card's key), kept beside the module: a build that draws no card imports neither it nor React. */
  cardFonts: CardTemplate['cardFonts'];
  fallbackFonts: CardTemplate['fallbackFonts'];
  emojiImages: CardTemplate['emojiImages'];
  /** The template itself, imported on first call (to draw). */
  load(): Promise<CardTemplate>;
  /** Hash of the bundled code. */
  hash: string;
  /** The bundled module (the executor's workers import it). */
  file: string;
}

/** The card template's entry, relative to the templates folder. */
export const CARD_TEMPLATE = 'cards/index.ts';

/** `bundleCache`: the folder of the bundle cache (cache/bundle-cache.ts); none: bundled every time. */
export async function bundleCardTemplate(root: string, templatesDir: string, cacheDir: string, bundleCache?: string): Promise<CardTemplateBundle> {
  const entry = `${templatesDir}/${CARD_TEMPLATE}`;
  if (!existsSync(entry)) throw new StitchError([errors.bundleFailed(`${entry} not found (the social card template)`)]);
  const code = await bundleForNode(root, { entryPoints: [entry] }, bundleCache ? { dir: bundleCache, id: 'cards' } : undefined);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  // Beside the page templates' bundle, so its bare imports (react/jsx-runtime) resolve from the project.
  const file = `${cacheDir}/server/cards-${hash}.mjs`;
  if (!sameBytes(file, code)) await writeFileAtomic(file, code); // missing or damaged
  let loaded: Promise<CardTemplate> | undefined;
  const load = () => (loaded ??= import(pathToFileURL(file).href) as Promise<CardTemplate>);
  const factsFile = `${cacheDir}/server/cards-${hash}.json`;
  let fonts = readFonts(factsFile, hash);
  if (!fonts) {
    const { cardFonts, fallbackFonts, emojiImages } = await load();
    fonts = { cardFonts, fallbackFonts, emojiImages };
    writeSealed(factsFile, hash, JSON.stringify(fonts));
  }
  return { ...fonts, load, hash, file };
}

type Fonts = Pick<CardTemplate, 'cardFonts' | 'fallbackFonts' | 'emojiImages'>;

/** The fonts kept beside a card template's module (sealed with its hash), or undefined when there are none or they are damaged. */
function readFonts(file: string, hash: string): Fonts | undefined {
  try {
    const { cardFonts, fallbackFonts, emojiImages } = JSON.parse(readSealed(file, hash)!.toString('utf8')) as Partial<Record<keyof Fonts, unknown>>;
    return Array.isArray(cardFonts) && Array.isArray(fallbackFonts) && typeof emojiImages === 'string' ? { cardFonts, fallbackFonts, emojiImages } as Fonts : undefined;
  } catch {
    return undefined;
  }
}

// Bundles templates/cards/index.ts (the social card's two layers, its fonts and sizes) on its
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
  /** Where the cover photo goes, cropped to fill it (the engine puts it there). */
  PHOTO_BOX: { left: number; top: number; width: number; height: number };
  cardFonts: readonly { name: string; weight: number; style: 'normal' | 'italic'; file: string }[];
  /** What every card of a build shares: drawn once with a photo column and once without. */
  CardBackdrop: (props: { siteName: string; host: string; logo?: string; hasPhoto: boolean }) => ReactNode;
  /** The page's category on a transparent ground, drawn over the backdrop (once per category and backdrop). */
  CardCategory: (props: { category: string; hasPhoto: boolean }) => ReactNode;
  /** The page's title on a transparent ground, drawn over the backdrop (per card). */
  CardTitle: (props: { title: string; hasPhoto: boolean }) => ReactNode;
  /** The text layer's width (it starts at the card's left edge). */
  textWidth: (hasPhoto: boolean) => number;
}

export interface CardTemplateBundle {
  /** The template's fonts (part of every card's key), kept beside the module: a build that draws no card imports neither it nor React. */
  cardFonts: CardTemplate['cardFonts'];
  /** The template itself, imported on first call (to draw). */
  load(): Promise<CardTemplate>;
  /** Hash of the bundled code. */
  hash: string;
  /** The bundled module (the card worker imports it). */
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
  let cardFonts = readFonts(factsFile, hash);
  if (!cardFonts) {
    cardFonts = (await load()).cardFonts;
    writeSealed(factsFile, hash, JSON.stringify({ cardFonts }));
  }
  return { cardFonts, load, hash, file };
}

/** The fonts kept beside a card template's module (sealed with its hash), or undefined when there are none or they are damaged. */
function readFonts(file: string, hash: string): CardTemplate['cardFonts'] | undefined {
  try {
    const { cardFonts } = JSON.parse(readSealed(file, hash)!.toString('utf8')) as { cardFonts?: unknown };
    return Array.isArray(cardFonts) ? cardFonts as CardTemplate['cardFonts'] : undefined;
  } catch {
    return undefined;
  }
}

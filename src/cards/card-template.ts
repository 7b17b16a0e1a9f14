// Bundles templates/cards/index.ts (the social card, its fonts and sizes) on its
// own with esbuild and imports it. Apart from the page templates so that the bundle's hash, part
// of every card's cache key, changes only when the card's own code does.
import { existsSync } from 'node:fs';
import type { ReactNode } from 'react';
import type { Caches } from '../cache/cache.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { bundleForNode } from '../render/bundle-templates.ts';
import { keptModule, type KeptModule } from '../render/kept-module.ts';

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

/**
 * The bundled template: its fonts (part of every card's key) kept beside the module, so a build
 * that draws no card imports neither it nor React; its code's hash; its file (the workers import it).
 */
export type CardTemplateBundle = Fonts & Pick<KeptModule<CardTemplate, Fonts>, 'hash' | 'file' | 'load'>;

/** The card template's entry, relative to the templates folder. */
export const CARD_TEMPLATE = 'cards/index.ts';

/** `bundleCache`: the caches that keep bundles (cache/bundle-cache.ts); none: bundled every time. */
export async function bundleCardTemplate(root: string, templatesDir: string, cacheDir: string, bundleCache?: Caches): Promise<CardTemplateBundle> {
  const entry = `${templatesDir}/${CARD_TEMPLATE}`;
  if (!existsSync(entry)) throw new StitchError([errors.bundleFailed(`${entry} not found (the social card template)`)]);
  const code = await bundleForNode(root, { entryPoints: [entry] }, bundleCache && { caches: bundleCache, id: 'cards' });
  // Beside the page templates' bundle, so its bare imports (react/jsx-runtime) resolve from the project.
  const kept = await keptModule<CardTemplate, Fonts>(`${cacheDir}/server`, 'cards', code, 16,
    ({ cardFonts, fallbackFonts, emojiImages }) => ({ cardFonts, fallbackFonts, emojiImages }),
    (f) => Array.isArray((f as Fonts)?.cardFonts) && Array.isArray((f as Fonts).fallbackFonts) && typeof (f as Fonts).emojiImages === 'string');
  return { ...kept.facts, load: kept.load, hash: kept.hash, file: kept.file };
}

type Fonts = Pick<CardTemplate, 'cardFonts' | 'fallbackFonts' | 'emojiImages'>;

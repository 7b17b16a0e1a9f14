// Draws cards into the card cache: the same code on the build's thread and in the card worker
// (card-worker.ts). A card drawn with everything it asked for is written to its cache file; one
// whose photo was left out is returned (not cached: the next build tries the photo again).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { readCardFonts } from './card-fonts.ts';
import { CardRenderer } from './card-renderer.ts';
import type { CardTemplate } from './card-template.ts';

/** What a thread needs to draw the cards of a build (all of it cloneable, for a worker). */
export interface DrawSetup {
  root: string;
  /** The bundled card template (.stitch/server/cards-<hash>.mjs). */
  templateFile: string;
  siteName: string;
  host: string;
  /** The logo's file (unreadable: the cards are drawn without it). */
  logoFile: string;
}

export interface CardToDraw {
  title: string;
  category: string;
  /**
   * The cover photo: its public path, its file and the sha256 of its bytes when the build read
   * them (none: it could not be read). The thread that draws the card reads the file itself, and
   * only when it crops the photo (card-renderer.ts keeps the last few crops): a photo's bytes do
   * not wait on the build's thread for the whole stage, nor cross to a worker with every card.
   */
  photo?: { path: string; file: string; hash?: string };
  /** The card's file in the cache. */
  file: string;
}

/** A card drawn: if its photo was left out, why, and its PNG. */
export interface CardDrawn {
  photoError?: string;
  png?: Uint8Array;
}

/** A photo's bytes, read when its card is drawn: those the card's key was made from, or an error (the card is then drawn without the photo, and not cached). */
async function photoBytes(file: string, hash: string): Promise<Buffer> {
  const bytes = await readFile(file);
  if (createHash('sha256').update(bytes).digest('hex') !== hash) throw new Error('the file changed while the site was building');
  return bytes;
}

export async function createRenderer(setup: DrawSetup, template?: CardTemplate): Promise<CardRenderer> {
  const t = template ?? await import(pathToFileURL(setup.templateFile).href) as CardTemplate;
  const fonts = await readCardFonts(t, setup.root);
  const logo = await readFile(setup.logoFile).catch(() => undefined);
  // The fonts' OpenType files for resvg go beside the template's bundle (.stitch/server).
  return CardRenderer.create(t, fonts, { siteName: setup.siteName, host: setup.host }, dirname(setup.templateFile), logo);
}

export async function drawCard(renderer: CardRenderer, { title, category, photo, file }: CardToDraw): Promise<CardDrawn> {
  const { png, photoError } = await renderer.render(title, category, photo && { path: photo.path, bytes: photo.hash === undefined ? Buffer.alloc(0) : () => photoBytes(photo.file, photo.hash!), hash: photo.hash });
  if (photoError !== undefined) return { photoError, png };
  await writeFileAtomic(file, png);
  return {};
}

// Draws a batch of cards and puts each in the card cache: in this thread for a few cards, or in
// the executor's workers (the `card` task, card-task.ts) for many, so that satori and resvg,
// which run on the thread that calls them, use every core. A thread draws the backdrops and
// parses the fonts once (its renderer is kept for the batches that follow).
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { writeAll } from '../output/writer.ts';
import { readCardFonts } from './card-fonts.ts';
import { CardRenderer } from './card-renderer.ts';
import type { CardTemplate } from './card-template.ts';

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
  /** The cover photo: its public path and bytes (empty when it cannot be read). */
  photo?: { path: string; bytes: Uint8Array };
  /** The card's file in the cache, written when it is drawn with everything it asked for. */
  file: string;
}

/** A card drawn: if its photo was left out, why, and its PNG (not cached: the next build tries the photo again). */
export interface CardDrawn {
  photoError?: string;
  png?: Uint8Array;
}

// One renderer per setup, for the life of the thread: a worker draws many batches of one build.
const renderers = new Map<string, Promise<CardRenderer>>();

export async function drawCards({ items, ...setup }: DrawSetup & { items: CardToDraw[] }): Promise<CardDrawn[]> {
  const renderer = await rendererFor(setup);
  const drawn: CardDrawn[] = [];
  await writeAll(items.map((item, i) => ({ item, i })), DRAWING, async ({ item: { title, category, photo, file }, i }) => {
    const { png, photoError } = await renderer.render(title, category, photo && { path: photo.path, bytes: Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength) });
    if (photoError === undefined) await writeFileAtomic(file, png);
    drawn[i] = photoError === undefined ? {} : { photoError, png };
  });
  return drawn;
}

/**
 * Cards a thread draws at once: one is laid out (satori) and rasterised (resvg) on this thread
 * while the other's PNG is encoded and written on libuv's threads.
 */
const DRAWING = 2;

function rendererFor(setup: DrawSetup): Promise<CardRenderer> {
  const key = JSON.stringify(setup);
  let renderer = renderers.get(key);
  if (!renderer) {
    renderer = (async () => {
      const template = await import(pathToFileURL(setup.templateFile).href) as CardTemplate;
      const fonts = await readCardFonts(template, setup.root);
      const logo = await readFile(setup.logoFile).catch(() => undefined);
      return CardRenderer.create(template, fonts, { siteName: setup.siteName, host: setup.host }, logo);
    })();
    renderers.set(key, renderer);
  }
  return renderer;
}

// The executor's `card` task (src/executor/tasks.ts): draws a batch of social cards, the same code
// in this thread and in a worker. satori lays the card template out (JSX → SVG, text as glyph
// outlines, emoji as SVG images) and resvg draws it and writes the PNG; sharp crops the cover
// photo and sizes the logo, once per batch, into the data URLs the template shows.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp, { type Sharp } from 'sharp';
import { FallbackFonts, readCardFonts, type CardFont } from './card-fonts.ts';
import type { CardTemplate } from './card-template.ts';

// libvips' operation cache off, as images/lazy-sharp.ts `loadSharp` says why (a worker imports sharp itself).
sharp.cache(false);

/** What every card of a build shares (all of it cloneable, for a worker). */
export interface CardSetup {
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
   * The photo: its file and the sha256 of its bytes when the build read them (none: it could not
   * be read). The batch reads the file again to crop it, and checks the bytes are those the card's
   * key was made from.
   */
  photo?: { file: string; hash?: string };
}

/** A card drawn (with, if its photo was left out, why), or why it could not be drawn. */
export type CardDrawn = { png: Uint8Array; photoError?: string } | { error: string };

/** `started(i)`: told as card i begins (the executor's time limit is per card). */
export async function drawCards({ items, ...setup }: CardSetup & { items: CardToDraw[] }, started?: (item: number) => void): Promise<CardDrawn[]> {
  const template = await import(pathToFileURL(setup.templateFile).href) as CardTemplate;
  const [fonts, fallback, logo] = await Promise.all([
    readCardFonts(template, setup.root),
    FallbackFonts.load(template, setup.root),
    readFile(setup.logoFile).then((bytes) => dataUrl(sharp(bytes).resize(152, 152, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png())).catch(() => undefined),
  ]);
  // A photo's cards come together (build-cards.ts sorts them): each photo is cropped once a batch.
  const photos = new Map<string, Promise<string>>();
  const crop = ({ file, hash }: NonNullable<CardToDraw['photo']>) => photos.get(file) ?? photos.set(file, cropPhoto(file, hash, template.PHOTO_BOX)).get(file)!;
  const drawn: CardDrawn[] = [];
  for (const [i, card] of items.entries()) {
    started?.(i);
    try {
      let photoError: string | undefined;
      const photo = card.photo && await crop(card.photo).catch((error: unknown) => void (photoError = error instanceof Error ? error.message : String(error)));
      const png = await drawCard(template, fonts, fallback, setup.root, { title: card.title, category: card.category, siteName: setup.siteName, host: setup.host, logo, photo });
      drawn.push(photoError === undefined ? { png } : { png, photoError });
    } catch (error) {
      drawn.push({ error: error instanceof Error ? error.message : String(error) });
    }
  }
  return drawn;
}

type CardProps = Parameters<CardTemplate['SocialCard']>[0];

/**
 * One card: satori with the card's fonts and the fallback fonts its text needs, emoji as images
 * (satori's own hook for them), then resvg's own PNG. No system fonts: satori gives outlines.
 * The fallback fonts are given, not added through the hook: satori adds those to a font list it
 * shares between calls, so a card would depend on the cards drawn before it.
 */
export async function drawCard(template: CardTemplate, fonts: CardFont[], fallback: FallbackFonts, root: string, props: CardProps): Promise<Uint8Array> {
  const title = wordPerCharacter(props.title);
  const text = `${title}${props.category.toUpperCase()}${props.siteName}${props.host}`;
  const svg = await satori(template.SocialCard({ ...props, title }), {
    width: template.CARD_WIDTH,
    height: template.CARD_HEIGHT,
    fonts: await fallback.listFor(fonts, text),
    loadAdditionalAsset: async (code, segment) => (code === 'emoji' ? emojiImage(template, root, segment) : []),
  });
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * satori takes a word's font from its first character, and a CJK word's characters may be in
 * different subsets of the fallback font: each CJK character is made a word of its own (a
 * zero-width space between them, where CJK text may break anyway).
 */
function wordPerCharacter(text: string): string {
  return text.replace(/(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu, '\u200b');
}

/** An emoji's SVG as a data URL (Twemoji's file names: code points without U+FE0F unless joined by U+200D); none: satori draws nothing. */
async function emojiImage(template: CardTemplate, root: string, emoji: string): Promise<string | []> {
  const points = [...(emoji.includes('\u200d') ? emoji : emoji.replaceAll('\ufe0f', ''))].map((ch) => ch.codePointAt(0)!.toString(16));
  const file = join(dirname(createRequire(`${root}/package.json`).resolve(`${template.emojiImages}/package.json`)), `${points.join('-')}.svg`);
  const svg = await readFile(file).catch(() => undefined);
  return svg ? `data:image/svg+xml;base64,${svg.toString('base64')}` : [];
}

/** The photo cropped to fill `box`, as a JPEG data URL; rejects with why it cannot be used. */
async function cropPhoto(file: string, hash: string | undefined, box: CardTemplate['PHOTO_BOX']): Promise<string> {
  if (hash === undefined) throw new Error('the file cannot be read');
  const bytes = await readFile(file);
  if (createHash('sha256').update(bytes).digest('hex') !== hash) throw new Error('the file changed while the site was building');
  return dataUrl(sharp(bytes).rotate().resize(box.width, box.height, { fit: 'cover' }).removeAlpha().jpeg({ quality: 90 }));
}

async function dataUrl(image: Sharp): Promise<string> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return `data:image/${info.format};base64,${data.toString('base64')}`;
}

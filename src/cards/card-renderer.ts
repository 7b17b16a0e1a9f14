// Draws social cards: satori turns the card template's JSX into SVG, sharp (libvips, librsvg)
// turns SVG into pixels and PNG. The template's backdrop (background, frame, logo, business
// name, cover photo) is drawn once per cover photo and kept as raw pixels; each card draws only
// its text layer and lays it over a backdrop.
import { createHash } from 'node:crypto';
import satori from 'satori';
import sharp, { type PngOptions, type Sharp } from 'sharp';
import type { CardFont } from './card-fonts.ts';
import type { CardTemplate } from './card-template.ts';

/**
 * PNG settings: the cards are mostly flat colour, so the default zlib level 6 costs little more
 * than level 1 and gives a much smaller file; a palette would shrink a card with a photo to a
 * third but quadruples its encoding time (docs/performance.md).
 */
export const CARD_PNG: PngOptions = { compressionLevel: 6, adaptiveFiltering: false };

export interface CardPhoto {
  /** Public path, for messages. */
  path: string;
  bytes: Buffer;
}

interface Backdrop {
  pixels: Buffer;
  /** Why the photo was left out, when it could not be read. */
  photoError?: string;
}

export class CardRenderer {
  private readonly backdrops = new Map<string, Promise<Backdrop>>();

  private constructor(
    private readonly template: CardTemplate,
    private readonly fonts: CardFont[],
    private readonly site: { siteName: string; host: string; logo?: string },
  ) {}

  /** `logo`: the logo's bytes (none: left out). */
  static async create(template: CardTemplate, fonts: CardFont[], site: { siteName: string; host: string }, logo?: Buffer): Promise<CardRenderer> {
    const logoUrl = logo && await toDataUrl(sharp(logo).resize(152, 152, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png()).catch(() => undefined);
    return new CardRenderer(template, fonts, { ...site, logo: logoUrl });
  }

  /** The card of `title` and `category` over the backdrop of `photo`: PNG bytes, and why the photo was left out if it was. */
  async render(title: string, category: string, photo?: CardPhoto): Promise<{ png: Buffer; photoError?: string }> {
    const t = this.template;
    const backdrop = await this.backdrop(photo);
    const hasPhoto = Boolean(photo) && !backdrop.photoError;
    const width = t.textWidth(hasPhoto);
    const text = await satori(t.CardText({ title, category, hasPhoto }), { width, height: t.CARD_HEIGHT, fonts: this.fonts });
    const layer = await sharp(Buffer.from(text)).ensureAlpha().raw().toBuffer();
    const pixels = over(backdrop.pixels, t.CARD_WIDTH, layer, width);
    const png = await sharp(pixels, { raw: { width: t.CARD_WIDTH, height: t.CARD_HEIGHT, channels: 3 } }).png(CARD_PNG).toBuffer();
    return { png, photoError: backdrop.photoError };
  }

  /** The backdrop of a photo (by its bytes' hash), or without one: drawn once. */
  private backdrop(photo?: CardPhoto): Promise<Backdrop> {
    const id = photo ? createHash('sha256').update(photo.bytes).digest('hex') : '';
    let made = this.backdrops.get(id);
    if (!made) {
      made = this.drawBackdrop(photo);
      this.backdrops.set(id, made);
    }
    return made;
  }

  private async drawBackdrop(photo?: CardPhoto): Promise<Backdrop> {
    const t = this.template;
    let photoUrl: string | undefined;
    let photoError: string | undefined;
    if (photo) {
      try {
        photoUrl = await toDataUrl(sharp(photo.bytes).rotate().resize(t.PHOTO_SIZE.width, t.PHOTO_SIZE.height, { fit: 'cover' }).jpeg({ quality: 85 }));
      } catch (error) {
        photoError = error instanceof Error ? error.message : String(error);
      }
    }
    if (photoError) return { ...await this.backdrop(), photoError };
    const svg = await satori(t.CardBackdrop({ siteName: this.site.siteName, host: this.site.host, logo: this.site.logo, photo: photoUrl }), { width: t.CARD_WIDTH, height: t.CARD_HEIGHT, fonts: this.fonts });
    const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    return { pixels };
  }
}

/**
 * The text layer (RGBA, `layerWidth` wide, from the left edge) laid over a copy of the backdrop
 * (RGB, `width` wide). By hand rather than sharp's composite, which blends every pixel in
 * floating point: 30 ms a card against 5 (docs/performance.md).
 */
export function over(backdrop: Buffer, width: number, layer: Buffer, layerWidth: number): Buffer {
  const out = Buffer.from(backdrop);
  const rows = layer.length / (layerWidth * 4);
  for (let y = 0; y < rows; y++) {
    for (let x = 0, i = y * layerWidth * 4, o = y * width * 3; x < layerWidth; x++, i += 4, o += 3) {
      const a = layer[i + 3];
      if (a === 0) continue;
      if (a === 255) {
        out[o] = layer[i];
        out[o + 1] = layer[i + 1];
        out[o + 2] = layer[i + 2];
        continue;
      }
      const k = a / 255;
      out[o] += Math.round((layer[i] - out[o]) * k);
      out[o + 1] += Math.round((layer[i + 1] - out[o + 1]) * k);
      out[o + 2] += Math.round((layer[i + 2] - out[o + 2]) * k);
    }
  }
  return out;
}

async function toDataUrl(image: Sharp): Promise<string> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return `data:image/${info.format};base64,${data.toString('base64')}`;
}

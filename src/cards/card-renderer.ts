// Draws social cards: satori turns the card template's JSX into SVG; sharp (libvips, librsvg)
// turns the backdrop and photos into pixels; a plain title is drawn from glyph masks rasterised
// once per thread (card-glyphs.ts: HarfBuzz shapes satori's lines, ~0.8 ms a card against resvg's
// ~4–5), any other title and the category by resvg (~6 ms against librsvg's 13–20, only the
// part with ink; docs/performance.md), from text in the card's fonts (card-text.ts);
// card-png.ts writes the PNG, compressing only the rows the text changed. The template's backdrop
// (background, frame, logo, business name, the photo's column) is drawn twice per build, with
// and without a photo column, and kept as raw pixels; a cover photo is cropped once and put into
// the template's PHOTO_BOX; each card draws only its text layer and lays it over them. A photo
// inside the SVG would make librsvg decode it for every card, and a backdrop per photo costs
// ~120 ms (docs/performance.md).
import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharpModule, { type Sharp } from 'sharp';
import { fontFile, type CardFont } from './card-fonts.ts';
import { GlyphPainter, paintGlyphs, type Box, type GlyphText } from './card-glyphs.ts';
import { addChanges, changesFor, encodePng, prepareBands, strideOf, toRowCanvas, type Changes, type PreparedBands, type RowCanvas } from './card-png.ts';
import type { CardTemplate } from './card-template.ts';
import { joinLines } from './card-text.ts';

// libvips' operation cache off, as images/lazy-sharp.ts `uncached` says why: card workers load
// sharp themselves (their bundle leaves libraries to Node).
sharpModule.cache(false);
const sharp = sharpModule;

export interface CardPhoto {
  /** Public path, for messages. */
  path: string;
  /** The photo's bytes, or how to read them (only when the photo is cropped: `hash` is then required). */
  bytes: Buffer | (() => Promise<Buffer>);
  /** The bytes' sha256 (hex) when the caller has it already. */
  hash?: string;
}

export class CardRenderer {
  private readonly backdrops = new Map<boolean, Promise<Backdrop>>();
  /** Canvases not in use, whichever backdrop they hold (a card holds one only while it lays its layers and encodes: one is enough). */
  private readonly canvases: Canvas[] = [];
  /** Cropped photos by their bytes' hash, the most recently used last: at most PHOTOS (each ~900 KB of pixels). */
  private readonly photos = new Map<string, Promise<Buffer | Error>>();
  private readonly categories = new Map<string, Promise<TextRegion | undefined>>();

  private constructor(
    private readonly template: CardTemplate,
    private readonly fonts: CardFont[],
    private readonly site: { siteName: string; host: string; logo?: string },
    /** Each font's OpenType file, for resvg (in the order of `fonts`). */
    private readonly fontFiles: string[],
    /** Draws plain titles from glyph masks (card-glyphs.ts). */
    private readonly glyphs: GlyphPainter,
  ) {}

  /** `fontDir`: where the fonts are written as OpenType files for resvg (card-fonts.ts fontFile). `logo`: the logo's bytes (none: left out). */
  static async create(template: CardTemplate, fonts: CardFont[], site: { siteName: string; host: string }, fontDir: string, logo?: Buffer): Promise<CardRenderer> {
    const logoUrl = logo && await toDataUrl(sharp(logo).resize(152, 152, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png()).catch(() => undefined);
    const files = await Promise.all(fonts.map((f) => fontFile(f, fontDir)));
    return new CardRenderer(template, fonts, { ...site, logo: logoUrl }, files, await GlyphPainter.create(fonts));
  }

  /** The card of `title` and `category` with `photo`: PNG bytes, and why the photo was left out if it was. */
  async render(title: string, category: string, photo?: CardPhoto): Promise<{ png: Buffer; photoError?: string }> {
    const t = this.template;
    const cropped = photo ? await this.photo(photo) : undefined;
    const photoError = cropped instanceof Error ? cropped.message : undefined;
    const hasPhoto = cropped instanceof Buffer;
    const titleLayer = await this.title(title, hasPhoto);
    const categoryLayer = await this.category(category, hasPhoto);
    const backdrop = await this.backdrop(hasPhoto);
    const canvas = this.canvas(hasPhoto, backdrop);
    try {
      if (hasPhoto) paste(canvas.pixels, cropped, t.PHOTO_BOX);
      const touched = new Uint8Array(t.CARD_HEIGHT);
      // Without a photo, what the text changed of the backdrop updates the backdrop's checksums (card-png.ts).
      const changes = hasPhoto ? undefined : changesFor(canvas.pixels);
      // The two layers do not overlap: laid one after the other, they give the pixels of one layer holding both.
      for (const layer of [categoryLayer, titleLayer]) {
        if (!layer) continue;
        if ('glyphs' in layer) paintGlyphs(canvas.pixels, layer, touched, changes);
        else layOver(canvas.pixels, layer, touched, changes);
        canvas.dirty.push('glyphs' in layer ? layer.box : layer);
      }
      // Without a photo, only the rows the text changed are compressed (card-png.ts); a photo changes every row.
      return { png: encodePng(canvas.pixels, backdrop.bands, touched, changes), photoError };
    } finally {
      this.release(canvas, backdrop.pixels);
    }
  }

  /**
   * A canvas holding the backdrop's pixels: a free one of an earlier card (the backdrop where that
   * card drew its text put back), or a new copy. A copy of the 2.3 MB backdrop per card cost
   * ~0.6 ms and made the heap grow with garbage the size of a card.
   */
  private canvas(hasPhoto: boolean, backdrop: Backdrop): Canvas {
    const reused = this.canvases.pop();
    if (!reused) return { pixels: { ...backdrop.pixels, rows: Buffer.from(backdrop.pixels.rows) }, dirty: [], hasPhoto };
    // A canvas of the other backdrop takes this one's pixels whole: once per canvas when the cards
    // with a photo begin (build-cards.ts hands them out last), instead of a second set of canvases.
    if (reused.hasPhoto !== hasPhoto) {
      backdrop.pixels.rows.copy(reused.pixels.rows);
      reused.hasPhoto = hasPhoto;
    }
    return reused;
  }

  private release(canvas: Canvas, backdrop: RowCanvas): void {
    // The text's boxes, row by row; the photo box needs nothing (every card with a photo fills it).
    const stride = strideOf(backdrop.width);
    for (const region of canvas.dirty) {
      for (let y = region.top; y < region.top + region.height; y++) {
        const start = y * stride + 1 + region.left * 3;
        backdrop.rows.copy(canvas.pixels.rows, start, start, start + region.width * 3);
      }
    }
    canvas.dirty = [];
    this.canvases.push(canvas);
  }

  /**
   * The title's layer: laid out by satori as text, in one face, drawn from glyph masks
   * (card-glyphs.ts) when it is plain, else rasterised by resvg from the font file of that face.
   * resvg given that file alone draws every family name with it: satori writes its own names
   * ("fraunces"), which resvg would not match to the font's ("Fraunces SemiBold"). A title whose
   * text satori put in several faces (a glyph only another font has) is drawn from satori's glyph
   * outlines, as before.
   */
  async title(title: string, hasPhoto: boolean): Promise<TextRegion | GlyphText | undefined> {
    const t = this.template;
    const options = { width: t.textWidth(hasPhoto), height: t.CARD_HEIGHT, fonts: this.fonts };
    const layer = joinLines(await satori(t.CardTitle({ title, hasPhoto }), { ...options, embedFont: false }));
    const font = layer.face ? fontOf(this.fonts, layer.face) : -1;
    if (font >= 0) {
      const glyphs = this.glyphs.layout(layer.svg, font);
      if (glyphs) return glyphs.glyphs.length ? glyphs : undefined;
      return rasterise(layer.svg, [this.fontFiles[font]]);
    }
    return rasterise(await satori(t.CardTitle({ title, hasPhoto }), options));
  }

  /** The category's layer, rasterised: once per category and backdrop (a site has a handful of categories; at most CATEGORIES are kept). */
  private category(category: string, hasPhoto: boolean): Promise<TextRegion | undefined> {
    const key = `${hasPhoto ? 1 : 0}${category}`;
    let made = this.categories.get(key);
    if (!made) {
      const t = this.template;
      if (this.categories.size >= CATEGORIES) this.categories.clear();
      made = satori(t.CardCategory({ category, hasPhoto }), { width: t.textWidth(hasPhoto), height: t.CARD_HEIGHT, fonts: this.fonts }).then(rasterise);
      this.categories.set(key, made);
    }
    return made;
  }

  /** The backdrop's pixels, with or without a photo column: drawn once each; without, also compressed once (its PNG bands). */
  private backdrop(hasPhoto: boolean): Promise<Backdrop> {
    let made = this.backdrops.get(hasPhoto);
    if (!made) {
      const t = this.template;
      made = satori(t.CardBackdrop({ siteName: this.site.siteName, host: this.site.host, logo: this.site.logo, hasPhoto }), { width: t.CARD_WIDTH, height: t.CARD_HEIGHT, fonts: this.fonts })
        .then((svg) => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer())
        .then((rgb) => {
          const pixels = toRowCanvas(rgb, t.CARD_WIDTH, t.CARD_HEIGHT);
          return { pixels, bands: hasPhoto ? undefined : prepareBands(pixels) };
        });
      this.backdrops.set(hasPhoto, made);
    }
    return made;
  }

  /**
   * A photo cropped to fill PHOTO_BOX, as RGB pixels, or why it cannot be read. Kept by its bytes'
   * hash for the cards that show it next (build-cards.ts hands out a photo's cards together); the
   * least recently used goes beyond PHOTOS, so a worker does not hold every photo of the site.
   */
  private photo(photo: CardPhoto): Promise<Buffer | Error> {
    const { bytes } = photo;
    const id = photo.hash ?? createHash('sha256').update(bytes as Buffer).digest('hex');
    let made = this.photos.get(id);
    if (made) this.photos.delete(id); // set again below: the most recently used
    else {
      if (this.photos.size >= PHOTOS) this.photos.delete(this.photos.keys().next().value!);
      const { width, height } = this.template.PHOTO_BOX;
      // sharp throws at once on empty bytes (a photo file that is missing): that is a rejection too.
      made = Promise.resolve().then(async () => sharp(typeof bytes === 'function' ? await bytes() : bytes).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer())
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    }
    this.photos.set(id, made);
    return made;
  }
}

/** A backdrop's pixels and, without a photo column, its PNG bands. */
interface Backdrop {
  pixels: RowCanvas;
  bands?: PreparedBands;
}

/** A card's pixels and the boxes its text was drawn in, to put the backdrop back there. */
interface Canvas {
  pixels: RowCanvas;
  dirty: Box[];
  /** Which backdrop it holds (with a photo: but for the photo box, which every such card fills). */
  hasPhoto: boolean;
}

/**
 * Cropped photos kept at most: the cards of one photo come together (build-cards.ts), and the
 * build's thread draws three at once (a card worker one at a time, card-threads.ts). Eight held ~4 MB more per card worker at the end of the cards stage,
 * the build's peak (docs/performance.md, "Memory, sixth session").
 */
export const PHOTOS = 4;

/** Category layers kept at most (each ~140 KB). */
const CATEGORIES = 64;

/** Copies the photo's rows (RGB, box.width wide) into the card's pixels. */
function paste(canvas: RowCanvas, photo: Buffer, box: { left: number; top: number; width: number; height: number }): void {
  const row = box.width * 3;
  const stride = strideOf(canvas.width);
  for (let y = 0; y < box.height; y++) photo.copy(canvas.rows, (box.top + y) * stride + 1 + box.left * 3, y * row, (y + 1) * row);
}

/** A rasterised part of the text layer: premultiplied RGBA pixels and where they go on the card. */
export interface TextRegion {
  left: number;
  top: number;
  width: number;
  height: number;
  pixels: Buffer;
}

/**
 * Rasterises only the part of the text layer that has something drawn: the bounding box of its
 * shapes (resvg's, from their control points: never smaller than the ink), widened to whole
 * pixels and one more for antialiasing. The rest of the layer is transparent; drawing it would
 * cost about half the time. Nothing drawn: undefined. No system fonts: text is drawn with
 * `fontFiles` (loading the system's cost ~4 ms a card).
 */
export function rasterise(svg: string, fontFiles: string[] = []): TextRegion | undefined {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles } });
  const box = resvg.getBBox();
  if (!box) return undefined;
  const left = Math.max(0, Math.floor(box.x) - 1);
  const top = Math.max(0, Math.floor(box.y) - 1);
  const right = Math.min(resvg.width, Math.ceil(box.x + box.width) + 1);
  const bottom = Math.min(resvg.height, Math.ceil(box.y + box.height) + 1);
  if (right <= left || bottom <= top) return undefined;
  box.x = left;
  box.y = top;
  box.width = right - left;
  box.height = bottom - top;
  resvg.cropByBBox(box);
  const image = resvg.render();
  return { left, top, width: image.width, height: image.height, pixels: image.pixels };
}

/**
 * Lays a region of the text layer (premultiplied RGBA) over the card's pixels, in place, and
 * marks in `touched` the rows it changed. By hand rather than sharp's composite, which blends every pixel in floating
 * point: 30 ms a card against 5 (docs/performance.md). Most of the region is transparent (~88 %
 * of a title's box): reading each pixel as one 32-bit word skips those ~20 % faster than reading
 * its alpha byte; the blend itself is the same arithmetic (a lookup table was no faster).
 * With `changes`, it also adds up what it changed (card-png.ts `Changes`).
 */
export function layOver(canvas: RowCanvas, { left, top, width: w, height: h, pixels: layer }: TextRegion, touched: Uint8Array, changes?: Changes): void {
  // resvg's buffer is aligned; a copy if one is not.
  const words = layer.byteOffset % 4 === 0 ? new Uint32Array(layer.buffer, layer.byteOffset, w * h) : new Uint32Array(Uint8Array.from(layer).buffer);
  const out = canvas.rows;
  const stride = strideOf(canvas.width);
  for (let y = 0, j = 0; y < h; y++) {
    let inked = 0;
    // This row's changes to the canvas's bytes: their sum, and the sum of each times its byte's offset.
    let sum = 0;
    let weighted = 0;
    for (let x = 0, o = (top + y) * stride + 1 + left * 3; x < w; x++, j++, o += 3) {
      const p = words[j];
      if (p === 0) continue;
      const a = (p >>> A) & 255;
      if (a === 0) continue;
      inked = 1;
      const r0 = out[o], g0 = out[o + 1], b0 = out[o + 2];
      if (a === 255) {
        out[o] = (p >>> R) & 255;
        out[o + 1] = (p >>> G) & 255;
        out[o + 2] = (p >>> B) & 255;
      } else {
        const k = 1 - a / 255;
        out[o] = ((p >>> R) & 255) + Math.round(r0 * k);
        out[o + 1] = ((p >>> G) & 255) + Math.round(g0 * k);
        out[o + 2] = ((p >>> B) & 255) + Math.round(b0 * k);
      }
      const dr = out[o] - r0, dg = out[o + 1] - g0, db = out[o + 2] - b0;
      sum += dr + dg + db;
      weighted += (dr + dg + db) * o + dg + 2 * db;
    }
    if (inked) {
      touched[top + y] = 1;
      if (changes) addChanges(changes, top + y, sum, weighted);
    }
  }
}

/** The index of the font satori took for `face`: the family's (case aside) of that style, the nearest weight; -1 if none. */
function fontOf(fonts: CardFont[], face: { family: string; weight: number; style: string }): number {
  let best = -1;
  fonts.forEach((f, i) => {
    if (f.name.toLowerCase() !== face.family.toLowerCase() || f.style !== face.style) return;
    if (best < 0 || Math.abs(f.weight - face.weight) < Math.abs(fonts[best].weight - face.weight)) best = i;
  });
  return best;
}

/** Where R, G, B and alpha sit in a pixel read as one word (the machine's byte order). */
const [R, G, B, A] = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? [0, 8, 16, 24] : [24, 16, 8, 0];

async function toDataUrl(image: Sharp): Promise<string> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return `data:image/${info.format};base64,${data.toString('base64')}`;
}

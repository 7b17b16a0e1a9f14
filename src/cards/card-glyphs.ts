// A card's title drawn from glyph masks rasterised once, instead of resvg rasterising every title
// (its render of the title's box and its parse were ~30 % of a card's CPU, docs/performance.md
// "Cards, fifth pass"). satori still lays the title out (card-text.ts: one <text> per run of a
// line, at satori's x and baseline); each run is shaped here by HarfBuzz (harfbuzzjs, the shaper
// satori itself uses; resvg's rustybuzz is a port of it: same glyphs, kerning and ligatures), and
// each glyph is drawn from its coverage mask: rasterised by resvg from the glyph's outline once
// per worker for its font, size and position within a pixel (eighths across and down), and
// kept while the masks fit in MASK_BYTES.
//
// Only a plain layer is drawn so: <text> runs in one face, of the font's own weight and style, with
// a solid #rgb/#rrggbb fill and nothing else satori might write (a transform, opacity, a clip, a
// gradient, letter-spacing, an image, a glyph the font lacks, right-to-left text, which resvg
// reorders). Anything else returns undefined: the caller rasterises the layer with resvg as before.
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { toSfnt, type CardFont } from './card-fonts.ts';
import { addChanges, strideOf, type Changes, type RowCanvas } from './card-png.ts';

/** Positions within a pixel a glyph is rasterised at, across and down: a glyph is at most 1/16 px off where resvg drew it (at quarters, 1/8 px, a few pixels of a title differed from it by up to 64 of 255 more). */
export const PHASES = 8;
/** The masks kept at most, in bytes (the 4,026-post corpus's titles, all at 68 px, need 421 masks, 0.7 MB). */
export const MASK_BYTES = 4 * 2 ** 20;

/** A glyph's coverage (0–255 a pixel, `width` × `height`) and where its top-left pixel is from the whole pixel its origin falls in. */
export interface GlyphMask {
  left: number;
  top: number;
  width: number;
  height: number;
  coverage: Uint8Array;
}

/** A box on the card, in whole pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A text layer to draw from masks: its fill, each glyph's mask and where it goes, and the box they cover (within the layer). */
export interface GlyphText {
  colour: [number, number, number];
  glyphs: { mask: GlyphMask; x: number; y: number }[];
  box: Box;
}

interface HbFont {
  /** The face's weight and style as the template names them: text asking for another is left to resvg. */
  face: string;
  upem: number;
  font: { glyphToPath(glyph: number): string; glyphExtents(glyph: number): { xBearing: number; yBearing: number; width: number; height: number } | null };
}

// harfbuzzjs is CommonJS (its module is a promise of the API); it finds its .wasm beside itself.
const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type HarfBuzz = any;

const SVG = /^<svg width="(\d+)" height="(\d+)" viewBox="0 0 \1 \2" xmlns="http:\/\/www\.w3\.org\/2000\/svg">/;
/** satori's masks for its boxes' overflow: defined, used by nothing in a layer this file draws (no element here names one). */
const MASK = /<mask id="[\w-]*"><rect x="[-\d.]+" y="[-\d.]+" width="[\d.]+" height="[\d.]+" fill="#fff"\/><\/mask>/y;
const TEXT = /<text x="([-+\d.e]+)" y="([-+\d.e]+)" font-weight="(\d+)" font-style="(\w+)" font-size="([\d.]+)" font-family="[^"&<]*" fill="#([\da-f]{3}|[\da-f]{6})">([^<]*)<\/text>/y;
/** Letters of right-to-left scripts (Hebrew to N'Ko, their presentation forms): resvg reorders such text (bidi), HarfBuzz alone does not. */
const RTL = /[\u0590-\u07ff\u0800-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

export class GlyphPainter {
  /** Masks by font, size, glyph and phases; the first set is the first dropped (Map order). */
  private readonly masks = new Map<string, GlyphMask | null>();
  /** Bytes of coverage in `masks`. */
  private held = 0;

  private constructor(
    private readonly hb: HarfBuzz,
    private readonly fonts: HbFont[],
    private readonly limit: number,
  ) {}

  /** Loads HarfBuzz (its own instance; satori's is bundled inside satori) and each font. `limit`: MASK_BYTES, smaller in tests. */
  static async create(fonts: CardFont[], limit = MASK_BYTES): Promise<GlyphPainter> {
    const hb = await require('harfbuzzjs');
    return new GlyphPainter(hb, fonts.map((f) => {
      const face = hb.createFace(hb.createBlob(toSfnt(f.data)), 0);
      return { face: `${f.weight} ${f.style}`, upem: face.upem, font: hb.createFont(face) };
    }), limit);
  }

  /** Masks kept now. */
  get size(): number {
    return this.masks.size;
  }

  /** Bytes of coverage kept now (at most the limit). */
  get bytes(): number {
    return this.held;
  }

  /** The glyphs of `svg` (a title layer as card-text.ts joinLines writes it) in the font at `font`, or undefined if it is not a plain layer. */
  layout(svg: string, font: number): GlyphText | undefined {
    const head = SVG.exec(svg);
    if (!head || !svg.endsWith('</svg>')) return undefined;
    const [width, height] = [Number(head[1]), Number(head[2])];
    const end = svg.length - '</svg>'.length;
    const glyphs: GlyphText['glyphs'] = [];
    let colour: string | undefined;
    let at = head[0].length;
    while (at < end) {
      MASK.lastIndex = at;
      if (MASK.test(svg)) {
        at = MASK.lastIndex;
        continue;
      }
      TEXT.lastIndex = at;
      const text = TEXT.exec(svg);
      if (!text || (colour !== undefined && text[6] !== colour) || `${text[3]} ${text[4]}` !== this.fonts[font].face) return undefined;
      colour = text[6];
      at = TEXT.lastIndex;
      if (!this.run(decode(text[7]), Number(text[1]), Number(text[2]), Number(text[5]), font, glyphs)) return undefined;
    }
    if (at !== end || colour === undefined) return undefined;
    return { colour: parseColour(colour), glyphs, box: boxOf(glyphs, width, height) };
  }

  /**
   * Shapes `text` from (x, y) (its baseline) and adds its glyphs to `out`; false if drawing it
   * so could differ from resvg's: text resvg's whitespace rules would move (SVG's default
   * xml:space strips leading spaces and joins runs of them), right-to-left text, or a glyph the
   * font lacks.
   */
  private run(text: string | undefined, x: number, y: number, size: number, font: number, out: GlyphText['glyphs']): boolean {
    if (text === undefined || /^\s|\s\s|[\t\n\r]/.test(text) || RTL.test(text)) return false;
    const { hb } = this;
    const { upem, font: hbFont } = this.fonts[font];
    const buffer = hb.createBuffer();
    let shaped: { codepoint: number; x_advance: number; x_offset: number; y_offset: number }[];
    try {
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(hbFont, buffer);
      shaped = buffer.getGlyphInfosAndPositions();
    } finally {
      buffer.destroy();
    }
    const scale = size / upem;
    let pen = 0;
    for (const g of shaped) {
      if (g.codepoint === 0) return false; // .notdef: a character the font lacks
      const qx = Math.round((x + (pen + g.x_offset) * scale) * PHASES);
      const qy = Math.round((y - g.y_offset * scale) * PHASES);
      pen += g.x_advance;
      const ix = Math.floor(qx / PHASES);
      const iy = Math.floor(qy / PHASES);
      const mask = this.mask(font, g.codepoint, size, qx - ix * PHASES, qy - iy * PHASES);
      if (mask) out.push({ mask, x: ix + mask.left, y: iy + mask.top });
    }
    return true;
  }

  /** The mask of `glyph` at `size` with its origin at (px, py) / PHASES within a pixel (null: no ink, a space). */
  private mask(font: number, glyph: number, size: number, px: number, py: number): GlyphMask | null {
    const key = `${font} ${size} ${glyph} ${px} ${py}`;
    let mask = this.masks.get(key);
    if (mask !== undefined) return mask;
    mask = rasteriseGlyph(this.fonts[font], glyph, size, px / PHASES, py / PHASES);
    const bytes = mask ? mask.coverage.length : 0;
    for (const [oldest, dropped] of this.masks) {
      if (this.held + bytes <= this.limit) break;
      this.masks.delete(oldest);
      this.held -= dropped ? dropped.coverage.length : 0;
    }
    this.masks.set(key, mask);
    this.held += bytes;
    return mask;
  }
}

/**
 * One glyph rasterised by resvg from its outline (HarfBuzz's, in font units), its origin at
 * (ox, oy) within its first pixel, trimmed to the pixels with ink. resvg draws text as these
 * outlines filled (no hinting), so a mask is what it draws of that glyph there.
 */
function rasteriseGlyph({ upem, font }: HbFont, glyph: number, size: number, ox: number, oy: number): GlyphMask | null {
  const extents = font.glyphExtents(glyph);
  const path = font.glyphToPath(glyph);
  if (!extents || !path) return null;
  const scale = size / upem;
  // The outline's box (its control points: never smaller than the ink), a pixel wider each side.
  const left = Math.floor(ox + extents.xBearing * scale) - 1;
  const top = Math.floor(oy - extents.yBearing * scale) - 1;
  const width = Math.ceil(ox + (extents.xBearing + extents.width) * scale) + 1 - left;
  const height = Math.ceil(oy - (extents.yBearing + extents.height) * scale) + 1 - top;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><path transform="matrix(${scale} 0 0 ${-scale} ${ox - left} ${oy - top})" d="${path}"/></svg>`;
  const rgba = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
  // Trim to the inked rows and columns.
  let x0 = width, x1 = -1, y0 = height, y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return null;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const coverage = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) coverage[y * w + x] = rgba[((y0 + y) * width + x0 + x) * 4 + 3];
  return { left: left + x0, top: top + y0, width: w, height: h, coverage };
}

/**
 * Draws `text` onto the card's pixels (a layer's top-left is the card's), in place,
 * marking the rows it changed in `touched` and adding its changes to `changes` as layOver does
 * (card-renderer.ts; card-png.ts `Changes`). Each pixel is the fill over what was there by the
 * glyph's coverage, rounded: the same blend as resvg's premultiplied layer laid over, within 1.
 */
export function paintGlyphs(canvas: RowCanvas, text: GlyphText, touched: Uint8Array, changes?: Changes): void {
  const out = canvas.rows;
  const stride = strideOf(canvas.width);
  const [r, g, b] = text.colour;
  const { box } = text;
  for (const { mask, x, y } of text.glyphs) {
    const { width: w, coverage } = mask;
    // Clipped to the layer's box (glyphs outside the layer are not drawn, as resvg clips to the SVG).
    const x0 = Math.max(x, box.left), x1 = Math.min(x + w, box.left + box.width);
    const y0 = Math.max(y, box.top), y1 = Math.min(y + mask.height, box.top + box.height);
    for (let row = y0; row < y1; row++) {
      let sum = 0;
      let weighted = 0;
      for (let col = x0, j = (row - y) * w + (x0 - x), o = row * stride + 1 + col * 3; col < x1; col++, j++, o += 3) {
        const a = coverage[j];
        if (a === 0) continue;
        const r0 = out[o], g0 = out[o + 1], b0 = out[o + 2];
        if (a === 255) {
          out[o] = r;
          out[o + 1] = g;
          out[o + 2] = b;
        } else {
          const k = 255 - a;
          out[o] = div255(r * a + r0 * k);
          out[o + 1] = div255(g * a + g0 * k);
          out[o + 2] = div255(b * a + b0 * k);
        }
        const dr = out[o] - r0, dg = out[o + 1] - g0, db = out[o + 2] - b0;
        sum += dr + dg + db;
        weighted += (dr + dg + db) * o + dg + 2 * db;
      }
      touched[row] = 1;
      if (changes) addChanges(changes, row, sum, weighted);
    }
  }
}

/** x / 255 rounded, for 0 ≤ x ≤ 255 × 255 (exact). */
function div255(x: number): number {
  const t = x + 128;
  return (t + (t >> 8)) >> 8;
}

/** The box the glyphs cover, within the layer's (width × height from its top-left, as resvg clips). */
function boxOf(glyphs: GlyphText['glyphs'], width: number, height: number): Box {
  let left = width, top = height, right = 0, bottom = 0;
  for (const { mask, x, y } of glyphs) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + mask.width);
    bottom = Math.max(bottom, y + mask.height);
  }
  left = Math.max(0, left);
  top = Math.max(0, top);
  right = Math.min(width, right);
  bottom = Math.min(height, bottom);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : { left: 0, top: 0, width: 0, height: 0 };
}

function parseColour(hex: string): [number, number, number] {
  const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** satori's escaped text (escape-html) as characters; undefined for an entity it does not write. */
function decode(text: string): string | undefined {
  if (/&(?!(?:amp|lt|gt|quot|#39);)/.test(text)) return undefined;
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
}

/**
 * `text` as a layer of its own (premultiplied RGBA over its box, as resvg's `rasterise` gives):
 * to compare with resvg's drawing (test/card-glyphs.test.ts). Overlapping glyphs' coverage is
 * combined as one over the other, as paintGlyphs draws them.
 */
export function glyphLayer(text: GlyphText): Box & { pixels: Buffer } {
  const { box, colour } = text;
  const alpha = new Uint8Array(box.width * box.height);
  for (const { mask, x, y } of text.glyphs) {
    for (let row = Math.max(y, box.top); row < Math.min(y + mask.height, box.top + box.height); row++) {
      for (let col = Math.max(x, box.left); col < Math.min(x + mask.width, box.left + box.width); col++) {
        const a = mask.coverage[(row - y) * mask.width + col - x];
        const i = (row - box.top) * box.width + col - box.left;
        alpha[i] = a + div255(alpha[i] * (255 - a));
      }
    }
  }
  const pixels = Buffer.alloc(alpha.length * 4);
  alpha.forEach((a, i) => {
    for (let c = 0; c < 3; c++) pixels[i * 4 + c] = div255(colour[c] * a);
    pixels[i * 4 + 3] = a;
  });
  return { ...box, pixels };
}

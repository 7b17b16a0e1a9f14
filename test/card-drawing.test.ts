// How a social card is drawn (src/cards): only the box of the text layer that has ink is
// rasterised, and it must hold all of it (a title's every line, its accents and descenders); the
// title is drawn from text (from glyph masks, card-glyphs.ts) and looks like satori's glyph outlines; a cover photo whose
// file is missing leaves its card without it (like an unreadable one).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { fontFile, readCardFonts, type CardFont } from '../src/cards/card-fonts.ts';
import { glyphLayer, type GlyphText } from '../src/cards/card-glyphs.ts';
import { CardRenderer, rasterise, type TextRegion } from '../src/cards/card-renderer.ts';
import { joinLines } from '../src/cards/card-text.ts';
import { bundleCardTemplate, type CardTemplate, type CardTemplateBundle } from '../src/cards/card-template.ts';
import { ROOT } from './helpers/build-site.ts';

let cacheDir: string;
let bundle: CardTemplateBundle & { template: CardTemplate };
let fonts: CardFont[];
/** The title's font (Fraunces) as an OpenType file. */
let titleFont: string;

beforeAll(async () => {
  // Under the project, so the bundles in it resolve the project's packages.
  cacheDir = mkdtempSync(join(ROOT, '.stitch', 'test-card-drawing-'));
  const made = await bundleCardTemplate(ROOT, join(ROOT, 'templates'), cacheDir);
  bundle = { ...made, template: await made.load() };
  fonts = await readCardFonts(bundle, ROOT);
  titleFont = await fontFile(fonts[0], cacheDir);
}, 60_000);

afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('the text layer', () => {
  it.each([false, true])('a three-line title is rasterised whole (photo column: %s)', async (hasPhoto) => {
    const t = bundle.template;
    // Accents above the first line, descenders below the last, an overhanging Q and j.
    const title = hasPhoto ? 'Ébénisterie Quality: Judging Gauge, Piping and Jig Work' : 'Ébénisterie Quality: Judging Gauge, Piping, Welting and Jig Work Today, Honestly';
    const width = t.textWidth(hasPhoto);
    let lines = 0;
    // As the renderer draws it: satori's text, its lines joined, drawn with the font's file.
    const { svg } = joinLines(await satori(t.CardTitle({ title, hasPhoto }), {
      width, height: t.CARD_HEIGHT, fonts, embedFont: false,
      onNodeDetected: (node) => {
        if (node.textContent === title) lines = Math.round(node.height / (node.props.style.fontSize * node.props.style.lineHeight));
      },
    }));
    expect(lines).toBe(3);
    expect(svg).not.toContain('<path');
    const full = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: [titleFont] } }).render().pixels;
    const ink = inkBox(full, width, t.CARD_HEIGHT);

    const region = rasterise(svg, [titleFont])!;
    expect(region.left).toBeLessThanOrEqual(ink.left);
    expect(region.top).toBeLessThanOrEqual(ink.top);
    expect(region.left + region.width).toBeGreaterThan(ink.right);
    expect(region.top + region.height).toBeGreaterThan(ink.bottom);
    // And its pixels are the full layer's, where they sit on it.
    let differing = 0;
    for (let y = 0; y < region.height; y++) {
      const row = region.pixels.subarray(y * region.width * 4, (y + 1) * region.width * 4);
      const start = ((region.top + y) * width + region.left) * 4;
      if (!row.equals(full.subarray(start, start + region.width * 4))) differing++;
    }
    expect(differing).toBe(0);
  });
});

describe('a title drawn from text', () => {
  // Glyph outlines (satori's paths) against text drawn by resvg: the same glyphs, kerned the same
  // (across words too: "r:" in "Leather:", "y:" in "Quality:"), on the same lines. What may differ
  // is antialiasing (satori rounds outlines to 0.1 px) and satori's own word positions, within a
  // pixel: fewer than 1 in 1,000 inked pixels by more than half their alpha (drawn word by word,
  // without kerning across words, 1.5–8 in 1,000 do, at up to 255).
  it.each([
    ['Marine Vinyl vs. Leather: Which Wins on the Water? A Practical Comparison for Owners', false],
    ['Ébénisterie Quality: Judging Gauge, Piping, Welting and Jig Work Today, Honestly', false],
    ['Ébénisterie Quality: Judging Gauge, Piping, Welting and Jig Work Today, Honestly', true],
  ])('looks like its glyph outlines: %s (photo column: %s)', async (title, hasPhoto) => {
    const t = bundle.template;
    const width = t.textWidth(hasPhoto);
    const outlines = new Resvg(await satori(t.CardTitle({ title, hasPhoto }), { width, height: t.CARD_HEIGHT, fonts }), { font: { loadSystemFonts: false } }).render().pixels;
    const renderer = await CardRenderer.create(t, fonts, { siteName: 'Sandia', host: 'example.com' }, cacheDir);
    const text = layer(await renderer.title(title, hasPhoto), width, t.CARD_HEIGHT);
    let inked = 0;
    let far = 0;
    for (let i = 3; i < outlines.length; i += 4) {
      if (outlines[i]) inked++;
      if (Math.abs(outlines[i] - text[i]) > 128) far++;
    }
    expect(inked).toBeGreaterThan(10_000);
    expect(far / inked).toBeLessThan(0.001);
    const [a, b] = [inkBox(outlines, width, t.CARD_HEIGHT), inkBox(text, width, t.CARD_HEIGHT)];
    for (const side of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(a[side] - b[side])).toBeLessThanOrEqual(1);
  });
});

describe('a missing cover photo', () => {
  it('leaves its card without the photo, not cached, with the reason; the other cards are drawn', { timeout: 300_000 }, async () => {
    const jobs: CardJob[] = [
      { page: '/blog/a', output: 'cards/blog/a.png', title: 'A post with its photo', category: 'Blog', photo: '/images/blog/leather-seats.jpg' },
      { page: '/blog/b', output: 'cards/blog/b.png', title: 'A post whose photo file is gone', category: 'Blog', photo: '/images/blog/gone.jpg' },
      { page: '/blog/c', output: 'cards/blog/c.png', title: 'A post without a photo', category: 'Blog' },
    ];
    const context: CardsContext = {
      root: ROOT, assetsDir: join(ROOT, 'site-assets'), cacheDir, contentDir: join(ROOT, 'content'),
      siteName: 'Sandia Custom Upholstery', siteUrl: 'https://www.example.com', logo: '/images/logo.png', bundle, render: true,
    };
    const result = await buildCards(jobs, context);
    expect(result.rendered).toBe(3);
    expect(result.files.map((f) => f.path)).toEqual(['cards/blog/a.png', 'cards/blog/c.png']);
    expect(result.uncached.map((f) => f.path)).toEqual(['cards/blog/b.png']);
    expect(result.photoErrors).toEqual([{ photo: '/images/blog/gone.jpg', reason: 'the file cannot be read', pages: ['/blog/b'] }]);
    const { format, width, height } = await sharp(result.uncached[0].contents).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  });
});

/** A whole text layer (RGBA) with `drawn` on it (a title drawn from glyph masks as a layer of its own). */
function layer(drawn: TextRegion | GlyphText | undefined, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 4);
  if (!drawn) return out;
  const region = 'glyphs' in drawn ? glyphLayer(drawn) : drawn;
  for (let y = 0; y < region.height; y++) region.pixels.copy(out, ((region.top + y) * width + region.left) * 4, y * region.width * 4, (y + 1) * region.width * 4);
  return out;
}

/** The smallest box holding every pixel with any ink (alpha > 0); right and bottom inclusive. */
function inkBox(rgba: Buffer, width: number, height: number) {
  let left = width, top = height, right = -1, bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { left, top, right, bottom };
}

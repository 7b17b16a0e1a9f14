// A plain title is drawn from glyph masks rasterised once (src/cards/card-glyphs.ts) instead of
// by resvg per card: it must land where resvg draws the same text (HarfBuzz's shaping against
// rustybuzz's: kerning, ligatures), anything not plain must be left to resvg, the masks kept must
// stay within their bound, and the pixels painted must keep the PNG's checksums right.
import { mkdtempSync, rmSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import satori from 'satori';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontFile, readCardFonts, type CardFont } from '../src/cards/card-fonts.ts';
import { GlyphPainter, glyphLayer, paintGlyphs, type GlyphText } from '../src/cards/card-glyphs.ts';
import { changesFor, encodePng, prepareBands, strideOf, toRowCanvas } from '../src/cards/card-png.ts';
import { CardRenderer, layOver, rasterise, type TextRegion } from '../src/cards/card-renderer.ts';
import { joinLines } from '../src/cards/card-text.ts';
import { bundleCardTemplate, type CardTemplate } from '../src/cards/card-template.ts';
import { ROOT } from './helpers/build-site.ts';

let cacheDir: string;
let template: CardTemplate;
let fonts: CardFont[];
/** The title's font (Fraunces) as an OpenType file, for resvg. */
let titleFont: string;
let painter: GlyphPainter;

beforeAll(async () => {
  cacheDir = mkdtempSync(join(ROOT, '.stitch', 'test-card-glyphs-'));
  const made = await bundleCardTemplate(ROOT, join(ROOT, 'templates'), cacheDir);
  template = await made.load();
  fonts = await readCardFonts(template, ROOT);
  titleFont = await fontFile(fonts[0], cacheDir);
  painter = await GlyphPainter.create(fonts);
}, 60_000);

afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const WIDTH = 1200;
const HEIGHT = 630;
const FACE = 'font-weight="600" font-style="normal" font-family="fraunces"';
/** A layer of `body` as satori (text mode) and card-text.ts joinLines write it. */
const layerOf = (body: string) => `<svg width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" xmlns="http://www.w3.org/2000/svg"><mask id="satori_om-id"><rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#fff"/></mask>${body}</svg>`;
const run = (text: string, { x = 72, y = 314, size = 68, fill = '#f6efe4' } = {}) => `<text x="${x}" y="${y}" font-weight="600" font-style="normal" font-size="${size}" font-family="fraunces" fill="${fill}">${text}</text>`;

/** A whole layer (RGBA, WIDTH × HEIGHT) with `region` on it. */
function whole(region: (TextRegion | ReturnType<typeof glyphLayer>) | undefined): Buffer {
  const out = Buffer.alloc(WIDTH * HEIGHT * 4);
  if (region) for (let y = 0; y < region.height; y++) region.pixels.copy(out, ((region.top + y) * WIDTH + region.left) * 4, y * region.width * 4, (y + 1) * region.width * 4);
  return out;
}

/** The smallest box holding every pixel with ink; right and bottom inclusive. */
function inkBox(rgba: Buffer) {
  let left = WIDTH, top = HEIGHT, right = -1, bottom = -1;
  for (let i = 3; i < rgba.length; i += 4) {
    if (!rgba[i]) continue;
    const x = ((i - 3) / 4) % WIDTH, y = Math.floor((i - 3) / 4 / WIDTH);
    left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
  }
  return { left, top, right, bottom };
}

/**
 * `svg` drawn from masks against resvg's drawing of it: how far apart the ink's boxes are, and
 * how many pixels' alphas differ by more than 128 (half), 64 and 16 of 255.
 */
function againstResvg(svg: string, glyphs: GlyphText) {
  const resvg = whole(rasterise(svg, [titleFont]));
  const masks = whole(glyphLayer(glyphs));
  let inked = 0, far = 0, over64 = 0, over16 = 0;
  for (let i = 3; i < resvg.length; i += 4) {
    if (resvg[i]) inked++;
    const d = Math.abs(resvg[i] - masks[i]);
    if (d > 128) far++;
    if (d > 64) over64++;
    if (d > 16) over16++;
  }
  const [a, b] = [inkBox(resvg), inkBox(masks)];
  const offBy = Math.max(...(['left', 'top', 'right', 'bottom'] as const).map((side) => Math.abs(a[side] - b[side])));
  return { inked, far, over64, over16, offBy };
}

describe('a title drawn from glyph masks', () => {
  // What resvg draws of the same joined lines is the reference: the masks are placed within 1/16 px
  // of it, so only antialiasing differs, by at most 64 of 255 (resvg's coverage steps), and 1.1–1.9 %
  // of the inked pixels by more than 16. Placed at quarters of a pixel, 3.2–4.7 % of them would;
  // at whole pixels, 3–5 % by more than 64.
  it.each([
    ['Ébénisterie Quality: Judging Gauge, Piping, Welting and Jig Work Today, Honestly', false],
    ['Ébénisterie Quality: Judging Gauge, Piping and Jig Work', true],
    ['Marine Vinyl vs. Leather: Which Wins on the Water? A Practical Comparison for Owners', false],
    ["How Custom Upholstery Can Transform Your Car's Interior", true],
    ['Q', false],
  ])('lands where resvg draws the same lines: %s (photo column: %s)', async (title, hasPhoto) => {
    const { svg } = joinLines(await satori(template.CardTitle({ title, hasPhoto }), { width: template.textWidth(hasPhoto), height: HEIGHT, fonts, embedFont: false }));
    const glyphs = painter.layout(svg, 0);
    expect(glyphs).toBeDefined();
    const { inked, far, over64, over16, offBy } = againstResvg(svg, glyphs!);
    expect(inked).toBeGreaterThan(1_000);
    expect(far / inked).toBeLessThan(0.001);
    expect(over64).toBe(0);
    expect(over16 / inked).toBeLessThan(0.025);
    expect(offBy).toBeLessThanOrEqual(1);
  });

  it('kerns and forms ligatures as resvg does', () => {
    // Kerned pairs repeated, so a pair's kerning lost would move the rest of the line by pixels;
    // ffi, ff and fl are ligatures in Fraunces.
    const lines = ['AVAVAVAVAV WAWAWA ToToTo TyTy', 'Yo. LT r: y: office affluent fluff', 'Quality: “AWAY” — f.j; 1,024'];
    const svg = layerOf(lines.map((text, i) => run(text, { y: 120 + 90 * i })).join(''));
    const glyphs = painter.layout(svg, 0)!;
    const { inked, far, over64, offBy } = againstResvg(svg, glyphs);
    expect(inked).toBeGreaterThan(10_000);
    expect(far).toBe(0);
    expect(over64).toBe(0);
    expect(offBy).toBeLessThanOrEqual(1);
    // One glyph for each of ffi, ff, fl: "office" is 4 glyphs with ink, not 6.
    expect(painter.layout(layerOf(run('office')), 0)!.glyphs).toHaveLength(4);
    expect(painter.layout(layerOf(run('fluff')), 0)!.glyphs).toHaveLength(3);
  });

  it('draws a single run the same however many cards drew its glyphs before (the masks are reused)', async () => {
    const svg = layerOf(run('Leather Care 101', { x: 72.3 }));
    const fresh = await GlyphPainter.create(fonts);
    const first = glyphLayer(fresh.layout(svg, 0)!);
    const size = fresh.size;
    const again = glyphLayer(fresh.layout(svg, 0)!);
    expect(fresh.size).toBe(size);
    expect(again.pixels.equals(first.pixels)).toBe(true);
  });
});

describe('a layer that is not plain', () => {
  it.each([
    ['an opacity', layerOf(run('Leather').replace('<text ', '<text opacity="0.5" '))],
    ['a translucent fill', layerOf(run('Leather', { fill: 'rgba(246,239,228,0.5)' }))],
    ['a gradient fill', layerOf(`<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>${run('Leather', { fill: 'url(#g)' })}`)],
    ['a transform', layerOf(run('Leather').replace('<text ', '<text transform="rotate(3)" '))],
    ['letter-spacing', layerOf(run('Leather').replace(' fill=', ' letter-spacing="3" fill='))],
    ['a mask used', layerOf(run('Leather').replace('<text ', '<text mask="url(#satori_om-id)" '))],
    ['a shape', layerOf(`${run('Leather')}<path d="M0 0L10 10Z" fill="#fff"/>`)],
    ['a group', layerOf(`<g>${run('Leather')}</g>`)],
    ['two fills', layerOf(run('Leather') + run('Care', { y: 400, fill: '#c8a15a' }))],
    ['a leading space (resvg strips it)', layerOf(run(' Leather'))],
    ['two spaces (resvg joins them)', layerOf(run('Leather  Care'))],
    ['a character the font lacks', layerOf(run('日本'))],
    ['an entity satori does not write', layerOf(run('Leather&nbsp;Care'))],
    ['another weight than the font\'s (resvg has only this face)', layerOf(run('Leather').replace('font-weight="600"', 'font-weight="700"'))],
    ['italic, the font being upright', layerOf(run('Leather').replace('font-style="normal"', 'font-style="italic"'))],
    ['right-to-left text (resvg reorders it; Fraunces lacks Hebrew too, so this also falls to .notdef)', layerOf(run('Leather שלום'))],
  ])('is left to resvg: %s', (_, svg) => {
    expect(painter.layout(svg, 0)).toBeUndefined();
  });

  it('plain, with escaped characters and a trailing space, is drawn from masks', () => {
    const svg = layerOf(run('A&amp;B &lt;Q&gt; &quot;x&quot; &#39;y&#39; '));
    const glyphs = painter.layout(svg, 0);
    expect(glyphs).toBeDefined();
    expect(againstResvg(svg, glyphs!).far).toBe(0);
  });

  it('a title in two faces (a glyph only DM Sans has) is rasterised by resvg', async () => {
    const renderer = await CardRenderer.create(template, fonts, { siteName: 'Sandia', host: 'example.com' }, cacheDir);
    const plain = await renderer.title('Arrows and Breves Explained', false);
    expect(plain && 'glyphs' in plain).toBe(true);
    const mixed = await renderer.title('Arrows ↑ and Breves Ă Explained', false);
    expect(mixed && 'pixels' in mixed).toBe(true);
    expect(mixed && 'glyphs' in mixed).toBe(false);
  });
});

describe('the masks kept', () => {
  it('stay within their bound, and glyphs dropped are drawn again the same', async () => {
    const limit = 96 * 1024;
    const bounded = await GlyphPainter.create(fonts, limit);
    const unbounded = await GlyphPainter.create(fonts, Infinity);
    for (const size of [40, 46, 52, 60, 68, 40, 68]) {
      for (const x of [72, 72.4, 72.7]) {
        const svg = layerOf(run('Sphinx of black quartz, judge my vow', { x, size }));
        const [a, b] = [bounded.layout(svg, 0)!, unbounded.layout(svg, 0)!];
        expect(bounded.bytes).toBeLessThanOrEqual(limit);
        expect(glyphLayer(a).pixels.equals(glyphLayer(b).pixels)).toBe(true);
      }
    }
    expect(bounded.size).toBeGreaterThan(0);
    // The test is worth something only if the unbounded painter holds more than the bound.
    expect(unbounded.bytes).toBeGreaterThan(2 * limit);
    expect(bounded.size).toBeLessThan(unbounded.size);
  });
});

describe('glyphs painted onto a card', () => {
  it('blend as their layer laid over would, and the PNG keeps its checksums', () => {
    // A backdrop with a noisy stripe under the text, so every blend has a different ground.
    const rgb = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let i = 0; i < rgb.length; i += 3) rgb.set([0x23, 0x16, 0x0f], i);
    for (let y = 250; y < 330; y++) for (let x = 0; x < WIDTH * 3; x++) rgb[y * WIDTH * 3 + x] = (x * 7 + y * 13) & 255;
    const ground = toRowCanvas(rgb, WIDTH, HEIGHT);
    const bands = prepareBands(ground);
    const glyphs = painter.layout(layerOf(run('Welting, Piping &amp; Jig Work — office', { x: 72.45, y: 300 }) + run('AVAWAY fjord', { x: 80, y: 379 })), 0)!;

    const painted = { ...ground, rows: Buffer.from(ground.rows) };
    const touched = new Uint8Array(HEIGHT);
    const changes = changesFor(painted);
    paintGlyphs(painted, glyphs, touched, changes);
    const laid = { ...ground, rows: Buffer.from(ground.rows) };
    layOver(laid, glyphLayer(glyphs), new Uint8Array(HEIGHT));

    let largest = 0, changed = 0;
    const stride = strideOf(WIDTH);
    for (let i = 0; i < painted.rows.length; i++) {
      largest = Math.max(largest, Math.abs(painted.rows[i] - laid.rows[i]));
      if (painted.rows[i] !== ground.rows[i]) {
        changed++;
        expect(touched[Math.floor(i / stride)]).toBe(1);
        const x = Math.floor(((i % stride) - 1) / 3), y = Math.floor(i / stride);
        expect(x >= glyphs.box.left && x < glyphs.box.left + glyphs.box.width && y >= glyphs.box.top && y < glyphs.box.top + glyphs.box.height).toBe(true);
      }
    }
    expect(changed).toBeGreaterThan(10_000);
    expect(largest).toBeLessThanOrEqual(2); // rounding: glyph over glyph blends twice, the layer once
    const png = encodePng(painted, bands, touched, changes);
    const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
    expect(inflateSync(idat).equals(painted.rows)).toBe(true); // inflate checks the adler-32
    expect(png.equals(encodePng(painted, bands, touched))).toBe(true); // the same as summed
  });
});

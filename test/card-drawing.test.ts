// How a social card is drawn (src/cards): only the box of the text layer that has ink is
// rasterised, and it must hold all of it (a title's every line, its accents and descenders); a
// cover photo whose file is missing leaves its card without it (like an unreadable one).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { readCardFonts, type CardFont } from '../src/cards/card-fonts.ts';
import { rasterise } from '../src/cards/card-renderer.ts';
import { bundleCardTemplate, type CardTemplateBundle } from '../src/cards/card-template.ts';
import { ROOT } from './helpers/build-site.ts';

let cacheDir: string;
let bundle: CardTemplateBundle;
let fonts: CardFont[];

beforeAll(async () => {
  // Under the project, so the bundles in it resolve the project's packages.
  cacheDir = mkdtempSync(join(ROOT, '.stitch', 'test-card-drawing-'));
  bundle = await bundleCardTemplate(ROOT, join(ROOT, 'templates'), cacheDir);
  fonts = await readCardFonts(bundle.template, ROOT);
}, 60_000);

afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('the text layer', () => {
  it.each([false, true])('a three-line title is rasterised whole (photo column: %s)', async (hasPhoto) => {
    const t = bundle.template;
    // Accents above the first line, descenders below the last, an overhanging Q and j.
    const title = hasPhoto ? 'Ébénisterie Quality: Judging Gauge, Piping and Jig Work' : 'Ébénisterie Quality: Judging Gauge, Piping, Welting and Jig Work Today, Honestly';
    const width = t.textWidth(hasPhoto);
    let lines = 0;
    const svg = await satori(t.CardTitle({ title, hasPhoto }), {
      width, height: t.CARD_HEIGHT, fonts,
      onNodeDetected: (node) => {
        if (node.textContent === title) lines = Math.round(node.height / (node.props.style.fontSize * node.props.style.lineHeight));
      },
    });
    expect(lines).toBe(3);
    const full = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
    const ink = inkBox(full, width, t.CARD_HEIGHT);

    const region = rasterise(svg)!;
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

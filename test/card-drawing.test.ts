// How a social card is drawn (src/cards): only the box of the text layer that has ink is
// rasterised, and it must hold all of it (a title's every line, its accents and descenders); the
// executor's workers draw the same cards, byte for byte, as the build's own thread.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { readCardFonts, type CardFont } from '../src/cards/card-fonts.ts';
import { rasterise } from '../src/cards/card-renderer.ts';
import { bundleCardTemplate, type CardTemplateBundle } from '../src/cards/card-template.ts';
import { Executor } from '../src/executor/executor.ts';
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
    const svg = await satori(t.CardText({ title, category: 'Blog', hasPhoto }), {
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

describe('drawing many cards', () => {
  it("the executor's workers draw what this thread draws, byte for byte, and leave an unreadable photo out", { timeout: 600_000 }, async () => {
    const jobs: CardJob[] = Array.from({ length: 50 }, (_, i) => ({
      page: `/blog/post-${i}`, output: `cards/blog/post-${i}.png`, title: `Post number ${i}: how we stitch a seam that lasts`, category: 'Blog',
      ...(i % 10 === 0 ? { photo: '/images/blog/leather-seats.jpg' } : i === 7 ? { photo: '/images/logo.missing.png' } : {}),
    }));
    const draw = async (name: string, pool?: Executor) => {
      const context: CardsContext = {
        root: ROOT, assetsDir: join(ROOT, 'site-assets'), cacheDir: join(cacheDir, name), contentDir: join(ROOT, 'content'),
        siteName: 'Sandia Custom Upholstery', siteUrl: 'https://www.example.com', logo: '/images/logo.png', bundle: { ...bundle }, render: true, pool,
      };
      const result = await buildCards(jobs, context);
      return {
        rendered: result.rendered,
        photoErrors: result.photoErrors,
        files: result.files.map((f) => [f.path, readFileSync(f.from)]),
        uncached: result.uncached.map((f) => [f.path, Buffer.from(f.contents)]),
      };
    };
    const inline = await draw('inline');
    const executor = await Executor.start(join(cacheDir, 'pool'), { production: false, size: 2 });
    try {
      const pooled = await draw('pool', executor);
      expect(pooled).toEqual(inline);
    } finally {
      await executor.close();
    }
    expect(inline.rendered).toBe(50);
    expect(inline.files).toHaveLength(49);
    expect(inline.uncached.map(([path]) => path)).toEqual(['cards/blog/post-7.png']);
    expect(inline.photoErrors).toEqual([{ photo: '/images/logo.missing.png', reason: 'the file cannot be read', pages: ['/blog/post-7'] }]);
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

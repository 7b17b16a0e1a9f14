// How a social card is drawn (src/cards): titles in any script have ink inside the card's frame
// and no empty box (.notdef) for a character the card's own fonts lack; a word longer than a line
// breaks instead of running past the frame; the pool draws the same bytes as this thread; the
// same card twice is the same bytes; a cover photo whose file is missing leaves its card without it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { FallbackFonts, readCardFonts, type CardFont } from '../src/cards/card-fonts.ts';
import { bundleCardTemplate, type CardTemplate, type CardTemplateBundle } from '../src/cards/card-template.ts';
import { drawCard, drawCards, type CardSetup } from '../src/cards/draw-cards.ts';
import { noCaches } from '../src/cache/cache.ts';
import { Executor } from '../src/executor/executor.ts';
import { ROOT } from './helpers/build-site.ts';

let cacheDir: string;
let bundle: CardTemplateBundle;
let template: CardTemplate;
let fonts: CardFont[];
let fallback: FallbackFonts;
let setup: CardSetup;

const TITLES = {
  latin: 'How to Care for Leather Seats Through a New Mexico Summer',
  emoji: 'Summer sale 🎉 on seat covers 🚗💺 book now 👍🏽',
  cjk: '汽车座椅皮革保养指南：夏季如何保护您的座椅',
  cyrillic: 'Как ухаживать за кожаными сиденьями летом',
  greek: 'Πώς να φροντίσετε τα δερμάτινα καθίσματα',
  word70: 'Supercalifragilisticexpialidocious'.repeat(2).slice(0, 70),
};
const drawn = new Map<string, Buffer>();

beforeAll(async () => {
  // Under the project, so the bundles in it resolve the project's packages.
  cacheDir = mkdtempSync(join(ROOT, '.stitch', 'test-card-drawing-'));
  bundle = await bundleCardTemplate(ROOT, join(ROOT, 'templates'), cacheDir);
  template = await bundle.load();
  fonts = await readCardFonts(template, ROOT);
  fallback = await FallbackFonts.load(template, ROOT);
  setup = { root: ROOT, templateFile: bundle.file, siteName: 'Sandia Custom Upholstery', host: 'www.example.com', logoFile: join(ROOT, 'site-assets/images/logo.png') };
  const entries = Object.entries(TITLES);
  const cards = await drawCards({ ...setup, items: entries.map(([, title]) => ({ title, category: 'Blog' })) });
  cards.forEach((card, i) => {
    if (!('png' in card)) throw new Error(`card ${entries[i][0]} failed: ${JSON.stringify(card)}`);
    drawn.set(entries[i][0], Buffer.from(card.png));
  });
}, 120_000);

afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** The card's pixels (RGB) and whether a pixel differs from the card's background. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => (y * info.width + x) * 3;
  const [r, g, b] = [data[0], data[1], data[2]]; // the corner: background
  const inked = (x: number, y: number) => Math.abs(data[at(x, y)] - r) + Math.abs(data[at(x, y) + 1] - g) + Math.abs(data[at(x, y) + 2] - b) > 24;
  const count = (x0: number, y0: number, x1: number, y1: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (inked(x, y)) n++;
    return n;
  };
  return { info, count };
}

describe('titles in any script', () => {
  it.each(Object.keys(TITLES))('%s: ink in the title region, none between the frame and the text column or outside the frame', async (name) => {
    const { info, count } = await pixels(drawn.get(name)!);
    expect([info.width, info.height]).toEqual([1200, 630]);
    // The title's box (templates/cards: left 72, from 118 down to the brand row's room).
    expect(count(72, 118, 1128, 462)).toBeGreaterThan(5_000);
    // Between the dashed frame (22–24 px in) and the text column (72 px in), on both sides.
    expect(count(28, 100, 68, 470)).toBe(0);
    expect(count(1132, 100, 1172, 470)).toBe(0);
    // Outside the frame.
    expect(count(0, 0, 1200, 20) + count(0, 610, 1200, 630) + count(0, 0, 20, 630) + count(1180, 0, 1200, 630)).toBe(0);
  });

  it.each(Object.keys(TITLES))('%s: no character drawn as an empty box (.notdef)', async (name) => {
    // A small card of the title alone, through the engine's path (its fonts, fallbacks and emoji).
    const line: CardTemplate = { ...template, CARD_WIDTH: 1800, CARD_HEIGHT: 64, SocialCard: ({ title }) => ({ type: 'div', key: null, props: { style: { display: 'flex', fontFamily: 'Fraunces', fontWeight: 600, fontSize: 36, color: '#000', background: '#fff', width: 1800, height: 64 }, children: title } }) as never };
    const draw = async (title: string) => Buffer.from(await drawCard(line, fonts, fallback, ROOT, { title, category: 'Blog', siteName: '', host: '' }));
    const title = TITLES[name as keyof typeof TITLES];
    const whole = await draw(title);
    // Each character replaced by one no font has (U+E000, private use: always .notdef): the card must change.
    const chars = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(title)].map((s) => s.segment);
    for (const [i, ch] of chars.entries()) {
      if (ch === ' ') continue;
      const boxed = await draw([...chars.slice(0, i), '\ue000', ...chars.slice(i + 1)].join(''));
      expect(boxed.equals(whole), `"${ch}" (U+${ch.codePointAt(0)!.toString(16)}) is drawn as .notdef`).toBe(false);
    }
  }, 60_000);
});

describe('the same cards', () => {
  it('are the same bytes drawn again, and on the executor\'s pool', async () => {
    const items = [{ title: TITLES.latin, category: 'Blog' }, { title: TITLES.cjk, category: 'Blog' }];
    const again = await drawCards({ ...setup, items });
    expect(again.map((c) => 'png' in c && Buffer.from(c.png).equals(drawn.get(['latin', 'cjk'][again.indexOf(c)])!))).toEqual([true, true]);
    const pool = await Executor.start(cacheDir, { production: true, size: 1 });
    try {
      const fromPool = await pool.runAll('card', items, setup, 8);
      expect(fromPool.map((c, i) => 'png' in c && Buffer.from(c.png).equals(drawn.get(['latin', 'cjk'][i])!))).toEqual([true, true]);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe('a missing cover photo', () => {
  it('leaves its card without the photo, not cached, with the reason; the other cards are drawn', { timeout: 300_000 }, async () => {
    const jobs: CardJob[] = [
      { page: '/blog/a', output: 'cards/blog/a.png', title: 'A post with its photo', category: 'Blog', photo: '/images/blog/leather-seats.jpg' },
      { page: '/blog/b', output: 'cards/blog/b.png', title: 'A post whose photo file is gone', category: 'Blog', photo: '/images/blog/gone.jpg' },
      { page: '/blog/c', output: 'cards/blog/c.png', title: 'A post without a photo', category: 'Blog' },
    ];
    const context: CardsContext = {
      root: ROOT, assetsDir: join(ROOT, 'site-assets'), cacheDir, caches: noCaches,
      siteName: 'Sandia Custom Upholstery', siteUrl: 'https://www.example.com', logo: '/images/logo.png', bundle: async () => bundle, render: true, workers: false, production: true,
    };
    const result = await buildCards(jobs, context);
    expect(result.rendered).toBe(3);
    expect(result.files.map((f) => f.path)).toEqual(['cards/blog/a.png', 'cards/blog/c.png']);
    expect(result.uncached.map((f) => f.path)).toEqual(['cards/blog/b.png']);
    expect(result.photoErrors).toEqual([{ photo: '/images/blog/gone.jpg', reason: 'the file cannot be read', pages: ['/blog/b'] }]);
    const { format, width, height } = await sharp(result.uncached[0].contents).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  });

  it('a photo whose file changed since its key was made: drawn without it, with the reason', async () => {
    const dir = join(cacheDir, 'assets', 'images');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'p.jpg'), await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 90 } } }).jpeg().toBuffer());
    const [card] = await drawCards({ ...setup, items: [{ title: 'A title', category: 'Blog', photo: { file: join(dir, 'p.jpg'), hash: 'f'.repeat(64) } }] });
    expect(card).toMatchObject({ photoError: 'the file changed while the site was building' });
  });
});

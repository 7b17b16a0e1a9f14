// A card thread keeps only the last few cover photos it cropped (card-renderer.ts PHOTOS), and
// the build hands out a photo's cards together (build-cards.ts): a card worker used to keep every
// cropped photo of the site (~900 KB each) for the whole cards stage.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { readCardFonts } from '../src/cards/card-fonts.ts';
import { CardRenderer, PHOTOS } from '../src/cards/card-renderer.ts';
import { bundleCardTemplate, type CardTemplateBundle } from '../src/cards/card-template.ts';
import { ROOT } from './helpers/build-site.ts';

let dir: string;
let bundle: CardTemplateBundle;
/** More photos than a thread keeps (card-renderer.ts PHOTOS), of different colours, as JPEG bytes, in `dir`/assets/images/<i>.jpg. */
let photos: Buffer[];

beforeAll(async () => {
  // Under the project, so the bundles in it resolve the project's packages.
  dir = mkdtempSync(join(ROOT, '.stitch', 'test-card-photos-'));
  bundle = await bundleCardTemplate(ROOT, join(ROOT, 'templates'), dir);
  mkdirSync(join(dir, 'assets', 'images'), { recursive: true });
  photos = await Promise.all(Array.from({ length: 12 }, async (_, i) => {
    const image = sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20 * i, g: 255 - 20 * i, b: 90 } } }).jpeg();
    await image.clone().toFile(join(dir, 'assets', 'images', `${i}.jpg`));
    return image.toBuffer();
  }));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cropped cover photos', () => {
  it('are kept for the last PHOTOS photos only; a photo cropped again draws the same card', async () => {
    const renderer = await CardRenderer.create(await bundle.load(), await readCardFonts(bundle, ROOT), { siteName: 'Sandia', host: 'example.com' }, dir);
    const card = (i: number) => renderer.render('A title', 'Blog', { path: `/images/${i}.jpg`, bytes: photos[i] });
    const first = await card(0);
    for (let i = 1; i < photos.length; i++) await card(i);
    expect(renderer['photos'].size).toBeLessThan(photos.length);
    expect(renderer['photos'].size).toBe(PHOTOS);
    // Photo 0 went first; it is cropped again, to the same pixels.
    expect((await card(0)).png.equals(first.png)).toBe(true);
    expect(renderer['photos'].size).toBe(PHOTOS);
  }, 60_000);

  it("are drawn one photo's cards after the other", async () => {
    // More cards than build-cards.ts hashes at once (64), their photos taking turns.
    const jobs: CardJob[] = Array.from({ length: 200 }, (_, i) => ({
      page: `/blog/${i}`, output: `cards/blog/${i}.png`, title: `Post ${i}`, category: 'Blog',
      ...(i % 4 === 3 ? {} : { photo: `/images/${i % 4}.jpg` }),
    }));
    const context: CardsContext = {
      root: ROOT, assetsDir: join(dir, 'assets'), cacheDir: join(dir, 'cache'), contentDir: join(ROOT, 'content'),
      siteName: 'Sandia', siteUrl: 'https://www.example.com', logo: '/images/none.png', bundle, render: true, workers: 0,
    };
    // The order the cards are drawn in is what is tested, not their pixels.
    const render = vi.spyOn(CardRenderer.prototype, 'render').mockResolvedValue({ png: Buffer.from('png') });
    try {
      const result = await buildCards(jobs, context);
      expect(result.rendered).toBe(200);
      const drawn = render.mock.calls.map(([, , photo]) => photo?.path ?? '');
      // Each photo's cards in one run: as many changes of photo as there are photos, less one.
      const changes = drawn.filter((p, i) => i > 0 && p !== drawn[i - 1]).length;
      expect(changes).toBe(3);
    } finally {
      render.mockRestore();
    }
  });
});

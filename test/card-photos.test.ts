// A card thread keeps only the last few cover photos it cropped (card-renderer.ts PHOTOS), and
// the build hands out a photo's cards together (build-cards.ts): a card worker used to keep every
// cropped photo of the site (~900 KB each) for the whole cards stage.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { readCardFonts } from '../src/cards/card-fonts.ts';
import { CardRenderer, PHOTOS } from '../src/cards/card-renderer.ts';
import { drawCard } from '../src/cards/draw-cards.ts';
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

  it('are read from their file by the thread that draws the card, which draws it without the photo (not cached) if the file changed since its key was made', async () => {
    const renderer = await CardRenderer.create(await bundle.load(), await readCardFonts(bundle, ROOT), { siteName: 'Sandia', host: 'example.com' }, dir);
    const file = join(dir, 'assets', 'images', '5.jpg');
    const hash = createHash('sha256').update(photos[5]).digest('hex');
    const out = join(dir, 'drawn-5.png');
    expect(await drawCard(renderer, { title: 'A title', category: 'Blog', file: out, photo: { path: '/images/5.jpg', file, hash } })).toEqual({});
    const fromBytes = await renderer.render('A title', 'Blog', { path: '/images/5.jpg', bytes: photos[5] });
    expect(readFileSync(out).equals(fromBytes.png)).toBe(true);
    // The build hashed other bytes than the file now holds.
    const changed = await drawCard(renderer, { title: 'A title', category: 'Blog', file: join(dir, 'drawn-6.png'), photo: { path: '/images/6.jpg', file, hash: 'f'.repeat(64) } });
    expect(changed.photoError).toBe('the file changed while the site was building');
    expect(changed.png).toBeDefined();
  }, 60_000);

  it('share one set of canvases with the cards without a photo, drawing the same cards as a fresh renderer', async () => {
    const make = async () => CardRenderer.create(await bundle.load(), await readCardFonts(bundle, ROOT), { siteName: 'Sandia', host: 'example.com' }, dir);
    const renderer = await make();
    const cards: [string, number | undefined][] = [['One', undefined], ['Two', undefined], ['Three', undefined], ['Four', 1], ['Five', 2], ['Six', 1], ['Seven', undefined]];
    const draw = (r: CardRenderer, [title, photo]: [string, number | undefined]) => r.render(title, 'Blog', photo === undefined ? undefined : { path: `/images/${photo}.jpg`, bytes: photos[photo] });
    // Three at once, as a thread draws them: without a photo, then with one, then without again.
    const drawn = [
      ...await Promise.all(cards.slice(0, 3).map((c) => draw(renderer, c))),
      ...await Promise.all(cards.slice(3, 6).map((c) => draw(renderer, c))),
      await draw(renderer, cards[6]),
    ];
    // A card takes a canvas only while it lays its layers and encodes its PNG (no await): one canvas, for both backdrops.
    expect(renderer['canvases']).toHaveLength(1);
    for (const [i, card] of cards.entries()) expect((await draw(await make(), card)).png.equals(drawn[i].png), card[0]).toBe(true);
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

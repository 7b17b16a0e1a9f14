// The card an editor chooses (issue 27, item 2): `card.title` is drawn instead of the page's title
// (which the page keeps), `card.image` is the card's photo, `card: { image: none }` leaves the photo
// out, `ogImage` replaces the drawn card with the editor's image (copied under a content-hashed
// name, its size in the meta), and an ogImage that is missing or too small is an error at its
// line. Service category pages get a card of their own. A changed field redraws that card only.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTree, ROOT } from './helpers/build-site.ts';
import { cardSiteFolders, meta, type CardSite as Built } from './helpers/card-site.ts';

const SITE = 'https://mini.example.com';
const ESPRESSO_RED = 0x23;

const site = cardSiteFolders('chosen');
const { assets } = site;
let content: string;
let first: Built;

const post = (slug: string, fields: string) =>
  `---\ntitle: A Headline Far Longer Than Its Card Needs It To Be\ndescription: A post of the chosen-cards test, with a description long enough to pass the check.\ndate: 2025-09-01\nauthor: The Shop Team\ntags: [leather]\n${fields}---\nBody of ${slug}.\n`;
/** The mean red of the card's lower right corner: the photo column's, or the espresso background when the card has no photo. */
const cornerRed = async (png: Uint8Array) => (await sharp(await sharp(png).extract({ left: 1000, top: 480, width: 150, height: 120 }).toBuffer()).stats()).channels[0].mean;
const card = (built: Built, path: string) => built.writer.files.get(new URL(meta(built.doc(path), 'og:image')!).pathname.slice(1)) as Uint8Array;

beforeAll(async () => {
  mkdirSync(join(assets, 'images/og'));
  const solid = (width: number, height: number, r: number, g: number, b: number) => sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();
  writeFileSync(join(assets, 'images/red.jpg'), await solid(800, 600, 220, 30, 40));
  writeFileSync(join(assets, 'images/og/own.jpg'), await solid(1200, 630, 20, 90, 200));
  writeFileSync(join(assets, 'images/og/small.jpg'), await solid(800, 420, 20, 90, 200));
  const albuquerque = readFileSync(join(ROOT, 'test/fixtures/mini/locations/albuquerque.yaml'), 'utf8');
  content = contentTree({
    'blog/card-title.md': post('card-title', 'coverImage: /images/red.jpg\ncard:\n  title: Short Card Title\n'),
    'blog/no-photo.md': post('no-photo', 'coverImage: /images/red.jpg\ncard:\n  image: none\n'),
    'blog/own-image.md': post('own-image', 'ogImage: /images/og/own.jpg\n'),
    'locations/albuquerque.yaml': `${albuquerque}card:\n  image: /images/red.jpg\n`,
  }, 'test/fixtures/mini');
  first = await site.build(content);
  if (!first.ok) throw new Error(first.state.diagnostics.map((d) => d.message).join('\n'));
}, 120_000);

afterAll(() => {
  rmSync(content, { recursive: true, force: true });
});

describe('card:', () => {
  it('title: drawn on the card; the page keeps its title', () => {
    const doc = first.doc('/blog/card-title');
    expect(doc.querySelector('h1')?.textContent).toBe('A Headline Far Longer Than Its Card Needs It To Be');
    expect(first.state.routes.find((r) => r.path === '/blog/card-title')).toMatchObject({ card: { title: 'Short Card Title', photo: '/images/red.jpg' } });
    expect(meta(doc, 'og:image:alt')).toBe('Blog: Short Card Title (Mini Upholstery)');
  });

  it('image: the card\'s photo (a location has none of its own)', async () => {
    expect(await cornerRed(card(first, '/locations/albuquerque'))).toBeGreaterThan(150);
    expect(await cornerRed(card(first, '/locations/rio-rancho'))).toBeLessThan(ESPRESSO_RED + 10);
  });

  it('image: none leaves the cover photo off the card', async () => {
    expect(await cornerRed(card(first, '/blog/card-title'))).toBeGreaterThan(150); // the same cover, on a card
    expect(await cornerRed(card(first, '/blog/no-photo'))).toBeLessThan(ESPRESSO_RED + 10);
  });
});

describe('ogImage:', () => {
  it('replaces the card: copied under a content-hashed name, named by og:image and twitter:image with its size', () => {
    const doc = first.doc('/blog/own-image');
    const url = meta(doc, 'og:image')!;
    expect(url).toMatch(new RegExp(`^${SITE}/assets/og/own-[0-9a-f]{8}\\.jpg$`));
    expect(meta(doc, 'twitter:image')).toBe(url);
    expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '630']);
    expect(first.writer.copies.get(new URL(url).pathname.slice(1))).toBe(join(assets, 'images/og/own.jpg'));
    expect(first.writer.files.has('cards/blog/own-image.png')).toBe(false);
    expect(first.state.diagnostics.filter((d) => d.message.includes('/assets/og/'))).toEqual([]); // the link check knows it
  });

  it('missing, or smaller than 1200×630: an error at its line, in check; typos of the fields are warnings', async () => {
    const detailing = readFileSync(join(ROOT, 'test/fixtures/mini/detailing/deep-clean.yaml'), 'utf8');
    const bad = contentTree({
      'blog/gone-image.md': post('gone-image', 'ogImage: /images/og/gone.jpg\n'),
      'detailing/deep-clean.yaml': `${detailing}ogImage: /images/og/small.jpg\n`,
      'locations/rio-rancho.yaml': `${readFileSync(join(ROOT, 'test/fixtures/mini/locations/rio-rancho.yaml'), 'utf8')}card:\n  titel: A typo\nogImag: /images/og/own.jpg\n`,
    }, 'test/fixtures/mini');
    try {
      const checked = await site.build(bad, { check: true });
      const found = checked.state.diagnostics.filter((d) => d.field === 'ogImage').map((d) => ({ code: d.code, file: d.file?.split('/').pop(), line: d.line, message: d.message }));
      expect(found).toHaveLength(2);
      expect(found).toEqual(expect.arrayContaining([
        { code: 'OgImageError', file: 'deep-clean.yaml', line: detailing.split('\n').length, message: expect.stringContaining('found 800×420 pixels in "/images/og/small.jpg"') },
        { code: 'MissingAssetError', file: 'gone-image.md', line: 7, message: expect.stringContaining('"/images/og/gone.jpg" does not exist') },
      ]));
      expect(checked.state.diagnostics.find((d) => d.code === 'OgImageError')?.severity).toBe('error');
      // The typo warnings know the fields.
      const typos = checked.state.diagnostics.filter((d) => d.code === 'UnknownFieldError').map((d) => [d.field, d.message]);
      expect(typos).toEqual([['card.titel', expect.stringContaining('did you mean `title`')], ['ogImag', expect.stringContaining('did you mean `ogImage`')]]);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a service category page', () => {
  it('has a card of its own, drawn like the others', async () => {
    const doc = first.doc('/services/automotive-upholstery');
    expect(meta(doc, 'og:image')).toBe(`${SITE}/cards/services/automotive-upholstery.png`);
    expect(meta(doc, 'og:image:alt')).toBe('Services: Alpha Upholstery (Mini Upholstery)');
    const { format, width, height } = await sharp(card(first, '/services/automotive-upholstery')).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  });
});

describe('keys', () => {
  it('a changed card title redraws that card only', async () => {
    const before = first.state.cards!.files.map((f) => f.key);
    const file = join(content, 'blog/card-title.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Short Card Title', 'Another Card Title'));
    const again = await site.build(content);
    expect(again.state.cards!.rendered).toBe(1);
    expect(again.state.cards!.files.map((f) => f.key).filter((k) => !before.includes(k))).toHaveLength(1);
  }, 120_000);
});

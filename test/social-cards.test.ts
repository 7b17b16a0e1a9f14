// Social cards (issue 14): every page kind's Open Graph and Twitter meta; the cards of posts,
// services, detailing and locations are 1200×630 PNGs that exist in the output under the URL
// their page names; they are drawn again when their title changes and taken from the card cache
// otherwise; a cover photo that cannot be read leaves the card without it, with a warning; a
// site without an address is an error naming SITE_URL.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesFor } from '../src/cache/file-cache.ts';
import { cardKind } from '../src/cards/build-cards.ts';
import { build } from '../src/build.ts';
import { IncrementalWriter } from '../src/output/incremental-writer.ts';
import { contentTree, ROOT } from './helpers/build-site.ts';
import { cardSiteFolders, meta, type CardSite as Built } from './helpers/card-site.ts';

const SITE = 'https://mini.example.com';
const POST = '/blog/first-post';
const SERVICE = '/services/automotive-upholstery/alpha-service';
const DETAILING = '/detailing-services/deep-clean';
const LOCATION = '/locations/albuquerque';
const BROKEN = '/blog/broken-cover';

const site = cardSiteFolders('cards');
const { config } = site;
const buildWithCards = (contentDir: string, env: NodeJS.ProcessEnv = {}) => site.build(contentDir, { env });
let content: string;
let first: Built;

/** The keys of the cards in the card cache that the last build used or made (the rest it pruned). */
const cachedCards = (built: Built) => built.state.cards!.files.map((f) => f.key).sort();

beforeAll(async () => {
  // The fixture's photos, and one that is not an image at all (a .png: the photo stage leaves it alone).
  writeFileSync(join(site.assets, 'images/broken.png'), 'this is not a picture');
  content = contentTree({
    'blog/broken-cover.md': '---\ntitle: A Post Whose Cover Is Broken\ndescription: A post whose cover photo is not an image, so its social card is made without it.\ndate: 2025-09-01\nauthor: The Shop Team\ntags: [leather]\ncoverImage: /images/broken.png\n---\nBody.\n',
  }, 'test/fixtures/mini');
  first = await buildWithCards(content);
  if (!first.ok) throw new Error(first.state.diagnostics.map((d) => d.message).join('\n'));
}, 120_000);

afterAll(() => {
  rmSync(content, { recursive: true, force: true });
});

describe('Open Graph and Twitter meta', () => {
  const kinds: [string, string, 'article' | 'website'][] = [
    ['a post', POST, 'article'], ['a service', SERVICE, 'website'], ['a detailing page', DETAILING, 'website'], ['a location', LOCATION, 'website'],
  ];
  it.each(kinds)('%s has its own card', (_, path, type) => {
    const doc = first.doc(path);
    expect(meta(doc, 'og:type')).toBe(type);
    expect(meta(doc, 'og:title')).toBe(doc.title);
    expect(meta(doc, 'og:description')).toBe(doc.querySelector('meta[name="description"]')?.getAttribute('content'));
    expect(meta(doc, 'og:url')).toBe(`${SITE}${path}`);
    expect(meta(doc, 'og:url')).toBe(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'));
    expect(meta(doc, 'og:image')).toBe(`${SITE}/cards${path}.png`);
    expect(meta(doc, 'og:image:width')).toBe('1200');
    expect(meta(doc, 'og:image:height')).toBe('630');
    expect(meta(doc, 'og:image:alt')).toMatch(/\S/);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'twitter:image')).toBe(meta(doc, 'og:image'));
    expect(meta(doc, 'twitter:title')).toBe(doc.title);
  });

  it('a plain page (/about) has the site card, with its size', () => {
    const doc = first.doc('/about');
    expect(meta(doc, 'og:type')).toBe('website');
    expect(meta(doc, 'og:url')).toBe(`${SITE}/about`);
    expect(meta(doc, 'og:image')).toBe(`${SITE}/images/og-default.jpg`);
    expect(meta(doc, 'og:image:width')).toBe('1200');
    expect(meta(doc, 'og:image:height')).toBe('630');
    expect(meta(doc, 'og:image:alt')).toBe('Mini Upholstery');
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
  });

  it('the alt text names the page, its category and the business', () => {
    expect(meta(first.doc(SERVICE), 'og:image:alt')).toBe('Alpha Upholstery: Alpha Service (Mini Upholstery)');
    expect(meta(first.doc(POST), 'og:image:alt')).toBe('Blog: First Post (Mini Upholstery)');
  });
});

describe('the cards', () => {
  it.each([POST, SERVICE, DETAILING, LOCATION])('%s: a 1200×630 PNG in the output, where og:image points', async (path) => {
    const url = new URL(meta(first.doc(path), 'og:image')!);
    const file = first.writer.files.get(url.pathname.slice(1)) as Uint8Array | undefined;
    expect(file, `${url.pathname} is in the output`).toBeDefined();
    const { format, width, height } = await sharp(file!).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
    // The link check (on in this build) knows the card: og:image is no broken link.
    expect(first.state.diagnostics.filter((d) => d.message.includes(url.pathname))).toEqual([]);
  });

  it('are drawn again when a title changes, and taken from the cache otherwise', async () => {
    const before = cachedCards(first);
    expect(before.length).toBe(first.state.cards!.rendered - 1); // the card without its photo is not cached
    const again = await buildWithCards(content);
    expect(again.state.cards!.rendered).toBe(1); // the broken cover's card only
    expect(again.state.cards!.reused).toBe(before.length);
    expect(cachedCards(again)).toEqual(before);

    const post = join(content, 'blog/first-post.md');
    writeFileSync(post, readFileSync(post, 'utf8').replace('title: First Post', 'title: First Post, Retitled'));
    const retitled = await buildWithCards(content);
    expect(retitled.state.cards!.rendered).toBe(2);
    const after = cachedCards(retitled);
    // One card replaced, every other one the same.
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1);
    expect(before.filter((f) => !after.includes(f))).toHaveLength(1);
    const key = retitled.state.cards!.files.find((f) => f.path === `cards${POST}.png`)!.key;
    expect(before).not.toContain(key);
    expect(retitled.writer.files.get(`cards${POST}.png`)).not.toEqual(first.writer.files.get(`cards${POST}.png`));
    // The new card is in the card cache for the next build.
    expect((await cachesFor('build', config(content)).open(cardKind)).get(key)).toBeDefined();
  }, 120_000);
});

describe('bad input', () => {
  it('a cover photo that cannot be read: the card is made without it, with a warning naming the file', async () => {
    const warnings = first.state.diagnostics.filter((d) => d.code === 'CardPhotoWarning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].severity).toBe('warning');
    expect(warnings[0].message).toContain('/images/broken.png');
    expect(warnings[0].message).toContain(BROKEN);
    expect(warnings[0].file).toMatch(/broken-cover\.md$/);
    const png = first.writer.files.get(`cards${BROKEN}.png`) as Uint8Array;
    const { width, height } = await sharp(png).metadata();
    expect([width, height]).toEqual([1200, 630]);
  });

  it('a site without an address is an error naming SITE_URL, not "undefined" in the pages', async () => {
    const site = readFileSync(join(content, 'site.yaml'), 'utf8').replace(/^url: .*\n/m, '');
    const noUrl = contentTree({ 'site.yaml': site }, content);
    try {
      const result = await buildWithCards(noUrl);
      expect(result.ok).toBe(false);
      const errors = result.state.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => d.code)).toEqual(['SiteUrlMissingError']);
      expect(errors[0].message).toContain('SITE_URL');
      expect(result.writer.files.size).toBe(0);

      const withVariable = await buildWithCards(noUrl, { SITE_URL: 'https://env.example.com' });
      expect(withVariable.ok).toBe(true);
      expect(meta(withVariable.doc(POST), 'og:url')).toBe(`https://env.example.com${POST}`);
    } finally {
      rmSync(noUrl, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('cards the output keeps', () => {
  it('are not read from the card cache: with that cache gone, a build into the same output draws none and keeps them', async () => {
    const out = mkdtempSync(join(ROOT, '.stitch', 'test-cards-out-'));
    const buildInto = async () => {
      const result = await build(config(content), { writer: new IncrementalWriter(join(out, 'dist'), site.cacheDir), copyAssets: true, renderCards: true, workers: false });
      expect(result.ok).toBe(true);
      return { cards: result.state.cards!, bytes: result.state.cards!.files.map((f) => readFileSync(join(out, 'dist', f.path))) };
    };
    try {
      const once = await buildInto();
      expect(once.bytes.length).toBeGreaterThan(0);
      rmSync(join(site.cacheDir, 'cache', 'cards'), { recursive: true, force: true });
      const again = await buildInto();
      // Only the card whose photo cannot be read is drawn again (it is never cached).
      expect([again.cards.rendered, again.cards.reused]).toEqual([again.cards.uncached.length, once.bytes.length]);
      expect(again.cards.uncached).toHaveLength(1);
      expect(again.bytes).toEqual(once.bytes);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});

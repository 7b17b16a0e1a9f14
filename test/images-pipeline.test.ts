// The image pipeline: AVIF variants up to the source width (no WebP), a JPEG fallback and a
// placeholder, planned before rendering and encoded after it (only what pages reference); a
// persistent cache (a second build does no image work, stale entries are pruned, a damaged
// variant is made again) and byte-identical results.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { planImages, type ImagePlan } from '../src/images/build-images.ts';
import { encodeImages } from '../src/images/encode-variants.ts';
import { variantWidths } from '../src/images/image-options.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { perfProject } from './perf-project.ts';

const env = { SOURCE_DATE_EPOCH: '1767225600' };

/** Plans `photos` and encodes every variant of them (as if pages referenced them all). */
async function buildImages(assets: string, cacheDir: string, photos: string[]): Promise<ImagePlan> {
  const plan = await planImages(assets, cacheDir, photos, { encode: true });
  return encodeImages(plan, plan.variants.keys());
}

async function photo(path: string, width: number, height: number, seed: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed * 13 + (i >> 8)) & 0xff;
  await sharp(pixels, { raw: { width, height, channels: 3 } }).blur(2).jpeg({ quality: 85 }).toFile(path);
}

describe('image pipeline', { timeout: 240_000 }, () => {
  it('plans widths up to the source width', () => {
    expect(variantWidths(1600)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(2400)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('makes AVIF and JPEG variants (no WebP), a placeholder and a manifest; caches them; prunes; repairs', async () => {
    const p = await perfProject(0);
    const assets = join(p.root, 'site-assets');
    await photo(join(assets, 'images/wide.jpg'), 1000, 500, 1);
    const cacheDir = join(p.root, '.stitch');
    const list = ['/images/logo.png', '/images/og-default.jpg', '/images/wide.jpg'];

    const first = await buildImages(assets, cacheDir, list);
    expect(first.encoded).toBe(8);
    expect(first.files.filter((f) => f.path.endsWith('.webp'))).toEqual([]);
    const wide = first.manifest['/images/wide.jpg'];
    expect(Object.keys(first.manifest).sort()).toEqual(['/images/og-default.jpg', '/images/wide.jpg']);
    expect([wide.width, wide.height]).toEqual([1000, 500]);
    expect(wide.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(wide.placeholder.length).toBeLessThan(1200);
    expect(wide.sources.map((s) => s.type)).toEqual(['image/avif']);
    expect(wide.sources[0].srcset).toMatch(/^\/assets\/img\/wide-[0-9a-f]{8}-400\.avif 400w, \/assets\/img\/wide-[0-9a-f]{8}-800\.avif 800w, \/assets\/img\/wide-[0-9a-f]{8}-1000\.avif 1000w$/);
    expect(wide.fallback).toMatchObject({ type: 'image/jpeg', width: 800, height: 400 });
    for (const f of first.files) {
      const meta = await sharp(f.from).metadata();
      const width = Number(/-(\d+)\.\w+$/.exec(f.path)![1]);
      expect(meta.width, f.path).toBe(width);
      expect(meta.format, f.path).toBe(f.path.endsWith('.avif') ? 'heif' : 'jpeg');
      expect(first.bytes.get(`/${f.path}`)).toBe(statSync(f.from).size);
    }

    // A second build does no image work and gives the same result.
    const mtimes = first.files.map((f) => statSync(f.from).mtimeMs);
    const second = await buildImages(assets, cacheDir, list);
    expect(second.encoded).toBe(0);
    expect(second.manifest).toEqual(first.manifest);
    expect(second.files.map((f) => statSync(f.from).mtimeMs)).toEqual(mtimes);

    // A damaged variant is made again, even when no page was rendered (pages kept from an
    // earlier build may use it).
    writeFileSync(first.files[0].from, 'broken');
    const repaired = await encodeImages(await planImages(assets, cacheDir, list, { encode: true }), []);
    expect(repaired.encoded).toBe(1);
    expect(repaired.files.map((f) => f.path).sort()).toEqual(first.files.map((f) => f.path).sort());
    expect(readFileSync(first.files[0].from).length).toBe(first.bytes.get(`/${first.files[0].path}`));

    // Damage that keeps the size (zeroed bytes, one flipped bit) is seen too: made again, never output.
    const good = readFileSync(first.files[1].from);
    for (const damage of [(b: Buffer) => b.fill(0, b.length >> 2, b.length >> 1), (b: Buffer) => { b[b.length >> 1] ^= 1; }]) {
      const damaged = Buffer.from(good);
      damage(damaged);
      writeFileSync(first.files[1].from, damaged);
      const again = await encodeImages(await planImages(assets, cacheDir, list, { encode: true }), []);
      expect(again.encoded).toBe(1);
      expect(readFileSync(first.files[1].from).equals(good)).toBe(true);
    }

    // A changed photo gets new names; the old entry is pruned.
    await photo(join(assets, 'images/wide.jpg'), 1000, 500, 2);
    const changed = await buildImages(assets, cacheDir, list);
    expect(changed.encoded).toBe(4);
    expect(changed.manifest['/images/wide.jpg'].sources[0].srcset).not.toBe(wide.sources[0].srcset);
    const cached = readdirSync(join(cacheDir, 'cache/images'));
    expect(cached.filter((n) => n.endsWith('.json') && n !== 'sources.json')).toHaveLength(2);
    expect(cached.filter((n) => !n.endsWith('.json') && n !== 'generation')).toHaveLength(2);
  });

  it('name their cache: the same id while it lives, a new one once it is deleted (page keys include it)', async () => {
    const p = await perfProject(0);
    const assets = join(p.root, 'site-assets');
    const cacheDir = join(p.root, '.stitch');
    const a = await planImages(assets, cacheDir, ['/images/og-default.jpg'], { encode: true });
    const b = await planImages(assets, cacheDir, ['/images/og-default.jpg'], { encode: true });
    expect(b.generation).toBe(a.generation);
    rmSync(join(cacheDir, 'cache/images'), { recursive: true, force: true });
    const c = await planImages(assets, cacheDir, ['/images/og-default.jpg'], { encode: true });
    expect(c.generation).not.toBe(a.generation);
    expect(c.manifest).toEqual(a.manifest);
  });

  it('encode a width asked by a later build too, the same bytes as all at once', async () => {
    const p = await perfProject(0);
    const assets = join(p.root, 'site-assets');
    await photo(join(assets, 'images/wide.jpg'), 1000, 500, 3);
    const list = ['/images/og-default.jpg', '/images/wide.jpg'];
    const cacheDir = join(p.root, 'a');
    const plan = await planImages(assets, cacheDir, list, { encode: true });
    const urls = [...plan.variants.keys()];
    const first = urls.find((u) => u.includes('/wide-') && u.endsWith('-400.avif'))!;
    expect((await encodeImages(plan, [first], { concurrency: 1 })).encoded).toBe(1);
    const later = await encodeImages(await planImages(assets, cacheDir, list, { encode: true }), urls, { concurrency: 1 });
    expect(later.encoded).toBe(urls.length - 1);
    const oneGo = await encodeImages(await planImages(assets, join(p.root, 'b'), list, { encode: true }), urls);
    expect(later.files.map((f) => f.path).sort()).toEqual(oneGo.files.map((f) => f.path).sort());
    const oneGoFrom = new Map(oneGo.files.map((f) => [f.path, f.from]));
    for (const f of later.files) expect(readFileSync(oneGoFrom.get(f.path)!).equals(readFileSync(f.from)), f.path).toBe(true);
    expect(JSON.parse(readFileSync(join(plan.dir, `${plan.variants.get(first)!.key}.json`)).subarray(0, -32).toString('utf8')).variants.map((v: { name: string }) => v.name)).toEqual(['1000.avif', '400.avif', '800.avif', '800.jpg']);
  });

  it('are byte-identical from two empty caches', async () => {
    const p = await perfProject(0);
    const assets = join(p.root, 'site-assets');
    const a = await buildImages(assets, join(p.root, 'a'), ['/images/og-default.jpg']);
    const b = await buildImages(assets, join(p.root, 'b'), ['/images/og-default.jpg']);
    expect(b.manifest).toEqual(a.manifest);
    a.files.forEach((f, i) => expect(readFileSync(b.files[i].from).equals(readFileSync(f.from)), f.path).toBe(true));
  });

  it('encodes no variant that no page references; a build that does not encode describes only cached photos', async () => {
    // The project's tiny templates show no photo: nothing is encoded, nothing is written.
    const p = await perfProject(0);
    const config = resolveConfig({ content: 'content', root: p.root }, env, p.root);
    const encoded = await build(config, { writer: new MemoryWriter(), encodeImages: true });
    expect(encoded.ok).toBe(true);
    expect(Object.keys(encoded.state.layout!.images)).toEqual(['/images/og-default.jpg']);
    expect(encoded.state.images?.encoded).toBe(0);
    expect(encoded.state.images?.files).toEqual([]);
    const writer = new MemoryWriter();
    const cachedOnly = await build(config, { writer, encodeImages: false });
    expect(cachedOnly.ok).toBe(true);
    expect(cachedOnly.state.layout?.images).toEqual({});
    expect([...writer.copies.keys()].some((k) => k.startsWith('assets/img/'))).toBe(false);
    rmSync(join(p.root, '.stitch'), { recursive: true, force: true });
  });

  it('a photo that is not an image fails the build with its file named, not an internal error, and leaves dist/ as it was', async () => {
    const p = await perfProject(0);
    expect(p.build(env).code).toBe(0);
    const before = p.files();
    p.write('site-assets/images/cover.jpg', 'not a JPEG at all');
    p.write('content/blog/first-post.md', readFileSync(join(p.content, 'blog/first-post.md'), 'utf8').replace('coverImage: /images/logo.png', 'coverImage: /images/cover.jpg'));
    const failed = p.build(env);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toContain('site-assets/images/cover.jpg');
    expect(failed.stderr).toContain('[PhotoUnreadableError]');
    expect(failed.stderr).not.toContain('InternalError');
    expect(p.files()).toEqual(before);
  });
});

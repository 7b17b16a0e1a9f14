// The images stage: every content photo becomes AVIF and WebP variants, a JPEG fallback and a
// placeholder, cached in .stitch/cache/images/ by a hash of the source bytes, the options and
// the encoder's version — a second build reads the cache and does no image work. Entries no
// photo uses any more are pruned. Variants are written under /assets/img/ with the hash in
// their names (cacheable forever) and described in the manifest templates receive.
//
// Encoding every variant takes a while the first time, so only builds that write a site
// (`stitch build`) encode; other builds (check, dev, tests) describe the photos already in
// the cache and leave the others out of the manifest, where templates fall back to the
// original file.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { engineVersion } from '../cache/engine-version.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { encodeVariant, imageFacts, plannedVariants, type ImageFacts, type Variant } from './encode-image.ts';
import type { ImageEntry, ImageManifest } from './image-manifest.ts';
import { IMAGE_OPTIONS } from './image-options.ts';
import type { ContentGraph } from '../content/types.ts';

export interface ImagesResult {
  manifest: ImageManifest;
  /** Variant files for the output: path in the output → file in the cache. */
  files: { path: string; from: string }[];
  /** Bytes of every image file a page can load, by public URL (variants and originals). */
  bytes: Map<string, number>;
  /** Photos encoded by this build (0 when everything came from the cache). */
  encoded: number;
}

interface Entry extends ImageFacts {
  /** Set once every variant is encoded: the variants with their sizes in bytes. */
  variants?: (Variant & { bytes: number })[];
}

const PHOTO = /^\/images\/.+\.jpe?g$/i;

/** Public paths of the content photos among the site's assets. */
export function contentPhotos(assets: Iterable<string>): string[] {
  return [...assets].filter((p) => PHOTO.test(p)).sort();
}

/**
 * The photos the content names (front matter and YAML fields: covers, gallery, services, the
 * hero…) and that exist in site-assets/. Photos nobody names appear on no page and get no
 * variants; Markdown bodies are not searched (their images are plain <img> elements).
 */
export function referencedPhotos(graph: ContentGraph): string[] {
  const found = new Set<string>();
  const seen = new Set<object>();
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (PHOTO.test(value) && graph.assets.has(value)) found.add(value);
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value) || key === 'body' || key === 'html' || key === 'assets') return;
    seen.add(value);
    if (value instanceof Map) for (const v of value.values()) walk(v);
    else if (Array.isArray(value)) for (const v of value) walk(v);
    else for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(graph);
  return [...found].sort();
}

/**
 * `photos`: the public paths to describe (and encode). `allPhotos`: every photo in
 * site-assets/, for pruning — an entry is stale when it belongs to none of them (another
 * content folder of the same project may use photos this one does not).
 */
export async function buildImages(assetsDir: string, cacheDir: string, photos: string[], options: { encode: boolean; allPhotos?: string[] }): Promise<ImagesResult> {
  const dir = join(cacheDir, 'cache', 'images');
  await mkdir(dir, { recursive: true });
  const engine = `${engineVersion(['images'], ['sharp'])} vips ${sharp.versions.vips} ${JSON.stringify(IMAGE_OPTIONS)}`;
  const keyOf = (source: Buffer) => createHash('sha256').update(engine).update('\0').update(source).digest('hex').slice(0, 32);
  photos = contentPhotos(photos);
  const result: ImagesResult = { manifest: {}, files: [], bytes: new Map(), encoded: 0 };
  const used = new Set<string>();
  const entries = new Map<string, { key: string; entry: Entry }>();
  // Two photos with the same bytes share one cache entry: prepare each key once.
  const prepared = new Map<string, Promise<Entry>>();
  const prepare = (key: string, source: Buffer) => {
    let entry = prepared.get(key);
    if (!entry) {
      entry = (async () => {
        let found = await readEntry(dir, key);
        if (!found) {
          found = await imageFacts(source);
          await writeEntry(dir, key, found);
        }
        if (options.encode && !found.variants) {
          found = { ...found, variants: await encodeAll(dir, key, source, found) };
          await writeEntry(dir, key, found);
          result.encoded++;
        }
        return found;
      })();
      prepared.set(key, entry);
    }
    return entry;
  };

  await eachLimited(photos, Math.max(1, availableParallelism()), async (src) => {
    const source = await readFile(join(assetsDir, src));
    result.bytes.set(src, source.length);
    const key = keyOf(source);
    used.add(key);
    entries.set(src, { key, entry: await prepare(key, source) });
  });

  for (const src of photos) {
    const { key, entry } = entries.get(src)!;
    if (!entry.variants) continue;
    const base = `/assets/img${dirname(src).slice('/images'.length)}/${basename(src, extname(src))}-${key.slice(0, 8)}`;
    const url = (v: Variant) => `${base}-${v.name}`;
    const srcset = (type: Variant['type']) => entry.variants!.filter((v) => v.type === type).map((v) => `${url(v)} ${v.width}w`).join(', ');
    const jpeg = entry.variants.find((v) => v.type === 'image/jpeg')!;
    const image: ImageEntry = {
      width: entry.width,
      height: entry.height,
      placeholder: entry.placeholder,
      sources: [{ type: 'image/avif', srcset: srcset('image/avif') }, { type: 'image/webp', srcset: srcset('image/webp') }],
      fallback: { src: url(jpeg), type: 'image/jpeg', width: jpeg.width, height: jpeg.height },
    };
    result.manifest[src] = image;
    for (const v of entry.variants) {
      result.files.push({ path: url(v).slice(1), from: join(dir, key, v.name) });
      result.bytes.set(url(v), v.bytes);
    }
  }
  const current = new Set(used);
  for (const src of options.allPhotos ?? []) {
    if (result.bytes.has(src)) continue;
    const source = await readFile(join(assetsDir, src)).catch(() => undefined);
    if (source) current.add(keyOf(source));
  }
  await prune(dir, current);
  return result;
}

async function readEntry(dir: string, key: string): Promise<Entry | undefined> {
  let entry: Entry;
  try {
    entry = JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8')) as Entry;
  } catch {
    return undefined;
  }
  if (!Number.isInteger(entry.width) || !Number.isInteger(entry.height) || typeof entry.placeholder !== 'string') return undefined;
  if (entry.variants) {
    // Every variant must still be there, whole.
    for (const v of entry.variants) {
      const s = await stat(join(dir, key, v.name)).catch(() => undefined);
      if (!s || s.size !== v.bytes) return { width: entry.width, height: entry.height, placeholder: entry.placeholder };
    }
  }
  return entry;
}

async function writeEntry(dir: string, key: string, entry: Entry): Promise<void> {
  await writeFileAtomic(join(dir, `${key}.json`), JSON.stringify(entry));
}

/** Encodes into a temporary folder that then replaces the entry's folder. */
async function encodeAll(dir: string, key: string, source: Buffer, facts: ImageFacts): Promise<(Variant & { bytes: number })[]> {
  const temp = join(dir, `${key}.${randomUUID()}.tmp`);
  await mkdir(temp, { recursive: true });
  const out: (Variant & { bytes: number })[] = [];
  for (const variant of plannedVariants(facts.width, facts.height)) {
    const data = await encodeVariant(source, variant);
    await writeFile(join(temp, variant.name), data);
    out.push({ ...variant, bytes: data.length });
  }
  await rm(join(dir, key), { recursive: true, force: true });
  await rename(temp, join(dir, key)).catch(async () => {
    // Another build put the same entry in place meanwhile: same key, same bytes.
    await rm(temp, { recursive: true, force: true });
  });
  return out;
}

/** Drops entries no photo of this build uses, and temporary folders an interrupted build left. */
async function prune(dir: string, used: Set<string>): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const hour = Date.now() - 3600_000;
  await Promise.all(names.map(async (name) => {
    const key = name.replace(/\.json$/, '');
    if (/^[0-9a-f]{32}$/.test(key)) {
      if (!used.has(key)) await rm(join(dir, name), { recursive: true, force: true });
      return;
    }
    if (name.endsWith('.tmp')) {
      const s = await stat(join(dir, name)).catch(() => undefined);
      if (s && s.mtimeMs < hour) await rm(join(dir, name), { recursive: true, force: true });
    }
  }));
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

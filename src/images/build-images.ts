// The images stage's first step, before rendering (planImages): every content photo's manifest
// entry — size, placeholder and the URLs of all its possible variants — from its bytes' hash and
// its header. Nothing is encoded, so templates can render at once; encode-variants.ts then
// encodes only the variants the rendered pages can load.
//
// The cache (.stitch/cache/images/<key>.json and <key>/<variant>) is keyed by a hash of the
// source bytes, the options and the encoder (its code and the sharp/libvips versions): a
// second build does no image work. Entries no photo uses any more are pruned. Variants are
// written under /assets/img/ with the key in their names (cacheable forever).
//
// Builds that do not encode (check, dev, tests) describe only photos the cache already has
// variants of; the others keep their original file.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSealed, writeSealed } from '../cache/file-cache.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { imageFacts, plannedVariants, type ImageFacts, type Variant } from './encode-image.ts';
import type { ImageEntry, ImageManifest } from './image-manifest.ts';
import { IMAGE_OPTIONS } from './image-options.ts';
import { sharpVersions } from './lazy-sharp.ts';
import { writeAll } from '../output/writer.ts';
import type { ContentGraph } from '../content/types.ts';

/** The manifest, the variant files for the output, and what encoding needs (encode-variants.ts). */
export interface ImagePlan {
  manifest: ImageManifest;
  /** Variant files for the output: path in the output → file in the cache (or its bytes, when the cache could not keep them). */
  files: { path: string; from: string; contents?: Uint8Array }[];
  /** Bytes of every image file a page can load, by public URL (originals and encoded variants). */
  bytes: Map<string, number>;
  /** Variants encoded by this build (0 when everything came from the cache). */
  encoded: number;
  /** Every variant URL of the manifest → its cache entry and variant. */
  variants: Map<string, { key: string; variant: Variant }>;
  /** Cache entries in use, by key, with the source file of each. */
  entries: Map<string, { source: string; entry: Entry }>;
  /** The image cache folder. */
  dir: string;
  /** Photos sharp cannot read (not an image, truncated past its header…), with its reason. */
  unreadable: { src: string; reason: string }[];
  /** URLs of variants to encode again in any case (see Entry.repair). */
  repairs: string[];
  /**
   * Id of this image cache, made anew when the folder is new or was emptied. Part of the page
   * keys: a page kept from an earlier build needs the variants that build encoded, which only
   * this cache holds.
   */
  generation: string;
  /** Why the cache could not keep what this build made (a full or read-only disk): the build goes on without it. */
  cacheProblems: string[];
  /** Variants encoded by this build that the cache could not keep, by their file in the cache. */
  unsaved: Map<string, Uint8Array>;
}

/**
 * An encoded variant: its size, the sha256 of its bytes and its file's identity when they were
 * checked (mtime, ctime, inode). A file whose identity changed is read and checked again; a
 * write to it always changes its ctime, which no tool sets back.
 */
export type Encoded = Variant & { bytes: number; sha256: string; checked?: string };

interface Entry extends ImageFacts {
  /** The variants encoded so far. */
  variants: Encoded[];
  /** Variants encoded before but missing or damaged now: made again whether or not a page renders. */
  repair?: Variant[];
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
  // `graph.sources` holds the posts' texts and hashes (every post's fields are in `posts`); a string is
  // tested only when it could be a photo's path (thousands of posts: no regex for the others).
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (value.startsWith('/images/') && PHOTO.test(value) && graph.assets.has(value)) found.add(value);
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value) || key === 'body' || key === 'html' || key === 'assets' || value === graph.sources) return;
    seen.add(value);
    if (value instanceof Map) for (const v of value.values()) walk(v);
    else if (Array.isArray(value)) for (const v of value) walk(v);
    else for (const k in value) walk((value as Record<string, unknown>)[k], k);
  };
  walk(graph);
  return [...found].sort();
}

/** What a variant's bytes depend on besides the photo: the options and the encoder's code and libraries. */
const encoderVersion = (() => {
  const { sharp, vips } = sharpVersions();
  const hash = createHash('sha256').update(`sharp ${sharp} vips ${vips} ${JSON.stringify(IMAGE_OPTIONS)}`);
  for (const module of ['./encode-image.ts', './image-options.ts']) hash.update(readFileSync(fileURLToPath(new URL(module, import.meta.url))));
  return hash.digest('hex');
})();

const cacheKey = (source: Buffer) => createHash('sha256').update(encoderVersion).update('\0').update(source).digest('hex').slice(0, 32);

/**
 * The manifest of `photos` (public paths), computed from each photo's hash and header (and
 * its placeholder, kept in the cache). `allPhotos`: every photo in site-assets/, for pruning —
 * an entry is stale when it belongs to none of them (another content folder of the same
 * project may use photos this one does not).
 */
export async function planImages(assetsDir: string, cacheDir: string, photos: string[], options: { encode: boolean; allPhotos?: string[] }): Promise<ImagePlan> {
  const dir = join(cacheDir, 'cache', 'images');
  photos = contentPhotos(photos);
  const plan: ImagePlan = { manifest: {}, files: [], bytes: new Map(), encoded: 0, variants: new Map(), entries: new Map(), dir, unreadable: [], repairs: [], generation: '', cacheProblems: [], unsaved: new Map() };
  plan.generation = await generation(dir, plan);
  // Two photos with the same bytes share one cache entry: read (or make) each entry once.
  const prepared = new Map<string, Promise<Entry>>();
  const keys = new Map<string, string>();
  await writeAll(photos, Math.max(1, availableParallelism()), async (src) => {
    const source = await readFile(join(assetsDir, src));
    const key = cacheKey(source);
    plan.bytes.set(src, source.length);
    keys.set(src, key);
    if (!prepared.has(key)) {
      prepared.set(key, (async () => {
        let entry = await readEntry(dir, key);
        if (!entry) {
          entry = { ...await imageFacts(source), variants: [] };
          writeEntry(plan, key, entry);
        }
        plan.entries.set(key, { source: join(assetsDir, src), entry });
        return entry;
      })());
    }
    await prepared.get(key)!.catch((error: unknown) => {
      plan.unreadable.push({ src, reason: error instanceof Error ? error.message : String(error) });
    });
  });

  for (const src of photos) {
    const key = keys.get(src)!;
    if (!plan.entries.has(key)) continue; // unreadable: reported by the images stage
    const { entry } = plan.entries.get(key)!;
    if (!options.encode && entry.variants.length === 0) continue;
    const base = `/assets/img${dirname(src).slice('/images'.length)}/${basename(src, extname(src))}-${key.slice(0, 8)}`;
    const url = (v: Variant) => `${base}-${v.name}`;
    const planned = plannedVariants(entry.width, entry.height);
    const srcset = (type: Variant['type']) => planned.filter((v) => v.type === type).map((v) => `${url(v)} ${v.width}w`).join(', ');
    const jpeg = planned.find((v) => v.type === 'image/jpeg')!;
    const image: ImageEntry = {
      width: entry.width,
      height: entry.height,
      placeholder: entry.placeholder,
      sources: [{ type: 'image/avif', srcset: srcset('image/avif') }],
      fallback: { src: url(jpeg), type: 'image/jpeg', width: jpeg.width, height: jpeg.height },
    };
    plan.manifest[src] = image;
    for (const v of planned) plan.variants.set(url(v), { key, variant: v });
    // Variants already encoded (for this or an earlier build's pages) are part of the output:
    // a page kept from an earlier build may use them.
    for (const v of entry.variants) {
      plan.files.push({ path: url(v).slice(1), from: join(dir, key, v.name) });
      plan.bytes.set(url(v), v.bytes);
    }
    for (const v of entry.repair ?? []) plan.repairs.push(url(v));
  }
  const current = new Set(keys.values());
  for (const src of options.allPhotos ?? []) {
    if (keys.has(src)) continue;
    const found = await readFile(join(assetsDir, src)).then(cacheKey, () => undefined);
    if (found) current.add(found);
  }
  await prune(dir, current);
  return plan;
}

/** The cache's id (see ImagePlan.generation): kept in the folder, made with it (a new one each build while it cannot be kept). */
async function generation(dir: string, plan: ImagePlan): Promise<string> {
  const file = join(dir, 'generation');
  const known = await readFile(file, 'utf8').catch(() => '');
  if (/^[0-9a-f-]{36}$/.test(known)) return known;
  const made = randomUUID();
  await writeFileAtomic(file, made).catch((error: unknown) => cacheFailed(plan, error));
  return made;
}

/** Records why the cache could not keep something; `fallback` keeps it for this build instead. */
export function cacheFailed(plan: ImagePlan, error: unknown, fallback?: () => void): void {
  plan.cacheProblems.push(`${plan.dir}: ${(error as Error).message}`);
  fallback?.();
}

/** The entry of `key`, when its file is whole; its variants are those still there with the bytes they were written with. */
async function readEntry(dir: string, key: string): Promise<Entry | undefined> {
  let entry: Entry;
  try {
    entry = JSON.parse(readSealed(join(dir, `${key}.json`), key)!.toString('utf8')) as Entry;
  } catch {
    return undefined; // missing, damaged or of an older format
  }
  if (!Number.isInteger(entry.width) || !Number.isInteger(entry.height) || typeof entry.placeholder !== 'string') return undefined;
  // The variants still there, whole; the others are made again.
  const listed = Array.isArray(entry.variants) ? entry.variants : [];
  const whole = await Promise.all(listed.map(async (v) => {
    const file = join(dir, key, v.name);
    const before = await identity(file);
    if (before === undefined || before === v.checked) return before !== undefined;
    const data = await readFile(file).catch(() => undefined);
    if (data === undefined || data.length !== v.bytes || sha256(data) !== v.sha256) return false;
    v.checked = before;
    return true;
  }));
  const repair = listed.filter((_, i) => !whole[i]).map(({ name, type, width, height }) => ({ name, type, width, height }) as Variant);
  return { width: entry.width, height: entry.height, placeholder: entry.placeholder, variants: listed.filter((_, i) => whole[i]), ...(repair.length ? { repair } : {}) };
}

export function writeEntry(plan: ImagePlan, key: string, entry: Entry): void {
  if (plan.cacheProblems.length > 0) return;
  try {
    writeSealed(join(plan.dir, `${key}.json`), key, JSON.stringify(entry));
  } catch (error) {
    cacheFailed(plan, error);
  }
}

/** What changes whenever a file is written: its size, mtime, ctime and inode. */
export async function identity(file: string): Promise<string | undefined> {
  const s = await stat(file).catch(() => undefined);
  return s && `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Drops entries no photo of this build uses, and temporary files an interrupted build left. */
async function prune(dir: string, used: Set<string>): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const hour = Date.now() - 3600_000;
  const stale = async (file: string) => {
    const s = await stat(file).catch(() => undefined);
    if (s && s.mtimeMs < hour) await rm(file, { recursive: true, force: true });
  };
  await Promise.all(names.map(async (name) => {
    const key = name.replace(/\.json$/, '');
    if (/^[0-9a-f]{32}$/.test(key)) {
      if (!used.has(key)) await rm(join(dir, name), { recursive: true, force: true });
      else if (name === key) for (const inner of await readdir(join(dir, name)).catch(() => [] as string[])) if (inner.endsWith('.tmp')) await stale(join(dir, name, inner));
      return;
    }
    if (name.endsWith('.tmp')) await stale(join(dir, name));
  }));
}


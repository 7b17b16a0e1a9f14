// The images stage's second step, after rendering: the variants the rendered pages can load
// (their srcsets, recorded while rendering: image-context.ts) and the repairs, those the cache
// lacks, are encoded and kept in the cache (build-images.ts). Each photo is decoded once for all
// its variants. sharp runs each operation on one libvips thread here (its default on glibc
// without jemalloc; libaom then uses one thread too), so one photo per core keeps every core
// busy; the largest go first, so the last photos do not run alone.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { writeAll } from '../output/writer.ts';
import { cacheFailed, identity, sha256, writeEntry, type Encoded, type ImagePlan } from './build-images.ts';
import { decodeSource, encodeWidth, type Variant } from './encode-image.ts';

export interface EncodeOptions {
  /** Photos encoded at once: one per core by default. */
  concurrency?: number;
  /** Each variant done, for the CLI's progress line. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Encodes the variants among `urls` (what the rendered pages reference) that the cache does
 * not have yet, and returns the output's variant files and every image's bytes.
 */
export async function encodeImages(plan: ImagePlan, urls: Iterable<string>, options: EncodeOptions = {}): Promise<ImagePlan> {
  const have = new Set(plan.files.map((f) => `/${f.path}`));
  /** Output URLs of the referenced variants, with their entry and variant. */
  const out = new Map<string, { key: string; variant: Variant }>();
  /** Variants to encode, by cache key and name (two photos with the same bytes share a key). */
  const todo = new Map<string, Map<string, Variant>>();
  for (const url of [...urls, ...plan.repairs]) {
    const planned = plan.variants.get(url);
    if (!planned || have.has(url) || out.has(url)) continue;
    out.set(url, planned);
    if (plan.entries.get(planned.key)!.entry.variants.some((v) => v.name === planned.variant.name)) continue;
    todo.set(planned.key, (todo.get(planned.key) ?? new Map<string, Variant>()).set(planned.variant.name, planned.variant));
  }
  const total = [...todo.values()].reduce((sum, names) => sum + names.size, 0);
  let done = 0;
  if (total > 0) options.onProgress?.(done, total);
  const keys = [...todo.keys()].sort((a, b) => pixels(todo.get(b)!) - pixels(todo.get(a)!) || (a < b ? -1 : 1));
  const onEach = () => options.onProgress?.(++done, total);
  await writeAll(keys, options.concurrency ?? availableParallelism(), (key) => encodeEntry(plan, key, todo.get(key)!, onEach));

  const result: ImagePlan = { ...plan, files: [...plan.files], bytes: new Map(plan.bytes), encoded: total };
  for (const [url, { key, variant }] of [...out].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const found = plan.entries.get(key)!.entry.variants.find((v) => v.name === variant.name);
    if (!found) continue;
    const from = join(plan.dir, key, variant.name);
    result.files.push({ path: url.slice(1), from, ...(plan.unsaved.has(from) ? { contents: plan.unsaved.get(from) } : {}) });
    result.bytes.set(url, found.bytes);
  }
  return result;
}

/** Pixels to encode: how long a photo's variants take, roughly. */
function pixels(variants: Map<string, Variant>): number {
  let sum = 0;
  for (const v of variants.values()) sum += v.width * v.height;
  return sum;
}

/**
 * Decodes the photo once, encodes each asked variant (widest first, each width's formats
 * together) into the cache, and records them in its entry. Always from the full-size decode,
 * so a variant's bytes depend only on the photo and the options.
 */
async function encodeEntry(plan: ImagePlan, key: string, names: Map<string, Variant>, onEach: () => void): Promise<void> {
  const { source, entry } = plan.entries.get(key)!;
  const decoded = await decodeSource(await readFile(source));
  const encoded: Encoded[] = [];
  const variants = [...names.values()];
  for (const width of [...new Set(variants.map((v) => v.width))].sort((a, b) => b - a)) {
    for (const [variant, data] of await encodeWidth(decoded, variants.filter((v) => v.width === width))) {
      const file = join(plan.dir, key, variant.name);
      // A cache only saves time: a variant it cannot keep goes to the output from memory.
      if (plan.cacheProblems.length > 0) plan.unsaved.set(file, data);
      else await writeFileAtomic(file, data).catch((error: unknown) => cacheFailed(plan, error, () => plan.unsaved.set(file, data)));
      encoded.push({ ...variant, bytes: data.length, sha256: sha256(data), checked: plan.unsaved.has(file) ? undefined : await identity(file) });
      onEach();
    }
  }
  entry.variants = [...entry.variants.filter((v) => !names.has(v.name)), ...encoded].sort((a, b) => (a.name < b.name ? -1 : 1));
  delete entry.repair;
  writeEntry(plan, key, entry);
}

// The social cards of a build, kept in the `cards` cache (src/cache) by a key of everything a card
// is drawn from: the card code (src/cards, satori, resvg and sharp versions), the card template's
// bundle, its fonts and fallback fonts, the logo, the business name and host, and the page's
// title, category and cover photo bytes. So a changed title redraws that card and no other. The
// cards the cache lacks are drawn by the executor's `card` task (draw-cards.ts): in this thread
// for a few, on the pool for many. A page with an image of its editor's (`ogImage`) has it copied instead.
import { createHash, hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheKind, Caches } from '../cache/cache.ts';
import { engineVersion } from '../cache/engine-version.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError, type Diagnostic } from '../errors/diagnostic.ts';
import { Executor, WorkerFailure } from '../executor/executor.ts';
import { WriteQueue, type Writer } from '../output/writer.ts';
import type { CardRequest } from '../routes/types.ts';
import { fontsHash, readCardFonts } from './card-fonts.ts';
import type { CardTemplateBundle } from './card-template.ts';
import type { CardDrawn, CardSetup, CardToDraw } from './draw-cards.ts';

/** `page`: the page's path, for messages. */
export type CardJob = CardRequest & { page: string };

export interface CardsResult {
  /** Cards for the output: path in the output → its key in `cache`. */
  files: { path: string; key: string }[];
  /** Cards made without their photo (it could not be read): not cached, written as they are. */
  uncached: { path: string; contents: Uint8Array }[];
  /** The editors' own images (`ogImage`): path in the output → their file in site-assets/. */
  copies: { path: string; from: string }[];
  /** Every card path the pages name (also when this build outputs none). */
  paths: string[];
  /** Cards drawn by this build, and taken from the cache. */
  rendered: number;
  reused: number;
  /** Photos left off a card: the photo, why, and the pages whose cards lack it. */
  photoErrors: { photo: string; reason: string; pages: string[] }[];
}

export interface CardsContext {
  root: string;
  assetsDir: string;
  cacheDir: string;
  siteName: string;
  siteUrl: string;
  /** Public path of the logo. */
  logo: string;
  /** The card template, bundled when a card is to be drawn. */
  bundle: () => Promise<CardTemplateBundle>;
  caches: Caches;
  /** Where the cards are written (named `card:<key>`), as they are found or drawn; none: only their keys are known. */
  writer?: Writer;
  /** Draw the cards the cache lacks and output them all (the CLI's build); otherwise only their paths are known. */
  render: boolean;
  /** Whether many cards may be drawn on the executor's pool (false: always in this thread). */
  workers: boolean;
  /** NODE_ENV=production in the pool's workers. */
  production: boolean;
  /** Hears of each card drawn: how many of those to draw are done (the CLI's progress). */
  onProgress?: (done: number, total: number) => void;
}

/** A card's PNG, as stored (the store checks each value against the hash written with it: a damaged one is a miss). */
export const cardKind: CacheKind<Uint8Array> = { name: 'cards', version: '2', encode: (png) => png, decode: (data) => data };

/** From this many cards to draw, the pool draws them: its start (~0.3 s of CPU a worker) then pays. */
export const CARD_POOL_THRESHOLD = 40;
/** Cards per task sent to a worker (a batch reads the fonts and crops each photo once). */
const MAX_CHUNK = 32;
/** A card's time limit: at load average 24 on 2 cores, cold builds failed with cards over the documents' 5 s. */
const CARD_TIME_MS = 30_000;

export async function buildCards(pages: CardJob[], ctx: CardsContext): Promise<CardsResult> {
  const result: CardsResult = { files: [], uncached: [], copies: [], paths: pages.map((j) => j.output), rendered: 0, reused: 0, photoErrors: [] };
  // dev and check only need the paths (the link check): hashing thousands of cards would slow every dev rebuild.
  if (!ctx.render) return result;
  result.copies = [...new Map(pages.flatMap((j) => (j.ogImage ? [[j.output, join(ctx.assetsDir, j.ogImage.source)]] : [])))].map(([path, from]) => ({ path, from }));
  const jobs = pages.filter((j) => !j.ogImage);
  if (jobs.length === 0) return result;
  const bundle = await ctx.bundle();
  const logo = await readFile(join(ctx.assetsDir, ctx.logo)).catch(() => undefined);
  const host = new URL(ctx.siteUrl).host;
  const shared = createHash('sha256')
    .update(engineVersion).update('\0').update(bundle.hash).update('\0')
    .update(fontsHash(await readCardFonts(bundle, ctx.root), bundle, ctx.root)).update('\0')
    .update(logo ?? '').update('\0').update(ctx.siteName).update('\0').update(host)
    .digest('hex');

  // Each photo is read and hashed once, however many cards show it (undefined: it cannot be read).
  const photos = [...new Set(jobs.flatMap((job) => (job.photo ? [job.photo] : [])))];
  const photoHashes = new Map(await Promise.all(photos.map(async (path) => [path, await readFile(join(ctx.assetsDir, path)).then((bytes) => hash('sha256', bytes), () => undefined)] as const)));

  const cache = await ctx.caches.open(cardKind);
  const missing: { job: CardJob; key: string }[] = [];
  // A card the output keeps is not read; one from the cache is read (and verified) once, to be written.
  const writes = new WriteQueue();
  const output = (path: string, png: Uint8Array, key: string) => writes.add(async () => ctx.writer?.write(path, png, `card:${key}`));
  for (const job of jobs) {
    const key = hash('sha256', `${shared}\0${job.title}\0${job.category}\0${job.photo ? photoHashes.get(job.photo) ?? 'unreadable' : ''}`).slice(0, 32);
    const kept = await ctx.writer?.keep?.(job.output, `card:${key}`);
    const png = kept ? undefined : cache.get(key);
    if (kept || png) {
      if (kept) cache.keep(key);
      else await output(job.output, png!, key);
      result.files.push({ path: job.output, key });
      result.reused++;
    } else missing.push({ job, key });
  }
  // A photo's cards one after the other: a batch then crops each photo once.
  missing.sort((a, b) => ((a.job.photo ?? '') < (b.job.photo ?? '') ? -1 : (a.job.photo ?? '') > (b.job.photo ?? '') ? 1 : 0));
  const cards: CardToDraw[] = missing.map(({ job }) => ({
    title: job.title, category: job.category,
    ...(job.photo ? { photo: { file: join(ctx.assetsDir, job.photo), hash: photoHashes.get(job.photo) } } : {}),
  }));
  const setup: CardSetup = { root: ctx.root, templateFile: bundle.file, siteName: ctx.siteName, host, logoFile: join(ctx.assetsDir, ctx.logo) };
  const failed = new Map<string, { reason: string; pages: string[] }>();
  const failures: Diagnostic[] = [];
  const onDrawn = async (index: number, drawn: CardDrawn | WorkerFailure) => {
    const { job, key } = missing[index];
    if (drawn instanceof WorkerFailure || 'error' in drawn) {
      failures.push(errors.cardFailed(job.page, drawn instanceof WorkerFailure ? drawn.message : drawn.error));
      return;
    }
    result.rendered++;
    ctx.onProgress?.(result.rendered, missing.length);
    if (drawn.photoError === undefined) {
      cache.set(key, drawn.png);
      await output(job.output, drawn.png, key);
      result.files.push({ path: job.output, key });
      return;
    }
    // Not cached: the next build tries the photo again (and says so again).
    if (!failed.has(job.photo!)) failed.set(job.photo!, { reason: drawn.photoError, pages: [] });
    failed.get(job.photo!)!.pages.push(job.page);
    result.uncached.push({ path: job.output, contents: drawn.png });
  };
  if (cards.length > 0) {
    const executor = ctx.workers && cards.length >= CARD_POOL_THRESHOLD ? await Executor.start(ctx.cacheDir, { production: ctx.production, itemTimeMs: CARD_TIME_MS }) : Executor.inline();
    try {
      await executor.each('card', cards, setup, MAX_CHUNK, onDrawn);
    } finally {
      await executor.close();
    }
  }
  await writes.drain();
  if (failures.length > 0) throw new StitchError(failures);
  // The pages in the order of the jobs, whichever batch drew them first (the first is the diagnostic's file).
  const order = new Map(jobs.map((j, i) => [j.page, i]));
  result.photoErrors = [...failed].map(([photo, f]) => ({ photo, ...f, pages: f.pages.sort((a, b) => order.get(a)! - order.get(b)!) }))
    .sort((a, b) => (a.photo < b.photo ? -1 : 1));
  // Drop cards no page of this content folder uses any more.
  cache.prune();
  await cache.save();
  result.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return result;
}

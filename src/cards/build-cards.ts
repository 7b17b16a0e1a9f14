// The social cards of a build, cached by content hash like the photo variants. A card's key is
// a hash of everything it is drawn from: the card code (src/cards, satori, sharp and libvips
// versions), the card template's bundle, its fonts, the logo, the business name and host, and
// the page's title, category and cover photo bytes. So a changed title redraws that card and no
// other; everything else comes from .stitch/cache/cards/<content folder>/<key>.png.
//
// The folder is the cards' own, apart from the photo variants (.stitch/cache/images): the cards
// grow with the number of pages, and a benchmark that keeps only photo variants between cold
// builds must pay for them.
import { createHash, hash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { engineVersion } from '../cache/engine-version.ts';
import { sharpVersions } from '../images/lazy-sharp.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import type { CardRequest } from '../routes/types.ts';
import { fontsHash, readCardFonts } from './card-fonts.ts';
import type { CardTemplateBundle } from './card-template.ts';
import type { CardToDraw, DrawSetup } from './draw-cards.ts';

export interface CardJob extends CardRequest {
  /** The page's path, for messages. */
  page: string;
}

export interface CardsResult {
  /** Cards for the output: path in the output → its file in the cache. */
  files: { path: string; from: string }[];
  /** Cards made without their photo (it could not be read): not cached, written as they are. */
  uncached: { path: string; contents: Buffer }[];
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
  contentDir: string;
  siteName: string;
  siteUrl: string;
  /** Public path of the logo. */
  logo: string;
  bundle: CardTemplateBundle;
  /** Draw the cards the cache lacks and output them all (the CLI's build); otherwise only their paths are known. */
  render: boolean;
  /** Card workers to draw on (0: this thread; default: one per core when there are many cards to draw and more than one core). */
  workers?: number;
  /** Hears of each card drawn: how many of those to draw are done (the CLI's progress). */
  onProgress?: (done: number, total: number) => void;
}

/** What a card's pixels depend on besides its page: this code and the libraries that draw. */
const cardEngine = () => `${engineVersion(['cards'], ['satori', 'sharp', '@resvg/resvg-js', 'harfbuzzjs'])} vips ${sharpVersions().vips}`;

export async function buildCards(jobs: CardJob[], ctx: CardsContext): Promise<CardsResult> {
  const dir = join(ctx.cacheDir, 'cache', 'cards', scopeOf(ctx));
  const result: CardsResult = { files: [], uncached: [], paths: jobs.map((j) => j.output), rendered: 0, reused: 0, photoErrors: [] };
  // dev and check only need the paths (the link check): hashing thousands of cards would slow every dev rebuild.
  if (jobs.length === 0 || !ctx.render) return result;
  const fonts = await readCardFonts(ctx.bundle, ctx.root);
  const logo = await readFile(join(ctx.assetsDir, ctx.logo)).catch(() => undefined);
  const host = new URL(ctx.siteUrl).host;
  const shared = createHash('sha256')
    .update(cardEngine()).update('\0').update(ctx.bundle.hash).update('\0')
    .update(fontsHash(fonts)).update('\0')
    .update(logo ?? '').update('\0').update(ctx.siteName).update('\0').update(host)
    .digest('hex');

  // Each photo is read and hashed once, however many cards show it (undefined: it cannot be read);
  // its bytes are let go (the thread that draws its cards reads it again when it crops it:
  // draw-cards.ts). The photos first, then every card's key in one loop: no promise per card
  // (thousands of cards, a few dozen photos).
  const photoHashes = new Map<string, string | undefined>();
  await Promise.all([...new Set(jobs.flatMap((job) => (job.photo ? [job.photo] : [])))].map(async (path) => {
    const bytes = await readFile(join(ctx.assetsDir, path)).catch(() => undefined);
    photoHashes.set(path, bytes && createHash('sha256').update(bytes).digest('hex'));
  }));

  // One listing of the cache folder instead of a stat per card (cards are written whole: temp + rename).
  const listed = await readdir(dir).catch(() => [] as string[]);
  const cached = new Set(listed);
  const missing: { job: CardJob; file: string }[] = [];
  const used = new Set<string>();
  for (const job of jobs) {
    // One string hashed at once: the digest of the parts fed one by one, for a fraction of the CPU.
    const key = hash('sha256', `${shared}\0${job.title}\0${job.category}\0${job.photo ? photoHashes.get(job.photo) ?? 'unreadable' : ''}`).slice(0, 32);
    const file = join(dir, `${key}.png`);
    used.add(key);
    if (cached.has(`${key}.png`)) {
      result.files.push({ path: job.output, from: file });
      result.reused++;
    } else missing.push({ job, file });
  }

  if (missing.length > 0) {
    // A photo's cards one after the other: a thread then crops each photo about once and keeps
    // only the last few (card-renderer.ts PHOTOS), not every photo of the site.
    missing.sort((a, b) => ((a.job.photo ?? '') < (b.job.photo ?? '') ? -1 : (a.job.photo ?? '') > (b.job.photo ?? '') ? 1 : 0));
    // Loaded only to draw: satori, resvg and their fonts are not a warm build's.
    const { drawAll, CardFailure } = await import('./card-threads.ts');
    const setup: DrawSetup = { root: ctx.root, templateFile: ctx.bundle.file, siteName: ctx.siteName, host, logoFile: join(ctx.assetsDir, ctx.logo) };
    const cards: CardToDraw[] = missing.map(({ job, file }) => ({
      title: job.title, category: job.category, file,
      ...(job.photo ? { photo: { path: job.photo, file: join(ctx.assetsDir, job.photo), hash: photoHashes.get(job.photo) } } : {}),
    }));
    const failed = new Map<string, { reason: string; pages: string[] }>();
    const workers = ctx.workers ?? (missing.length >= WORKER_CARDS && availableParallelism() > 1 ? Math.min(availableParallelism(), MAX_WORKERS) : 0);
    await drawAll(cards, setup, { workers, cacheDir: ctx.cacheDir, template: await ctx.bundle.load() }, (index, { photoError, png }) => {
      const { job, file } = missing[index];
      result.rendered++;
      ctx.onProgress?.(result.rendered, missing.length);
      if (photoError === undefined) {
        result.files.push({ path: job.output, from: file });
        return;
      }
      // Not cached: the next build tries the photo again (and says so again).
      const known = failed.get(job.photo!) ?? { reason: cards[index].photo!.hash ? photoError : 'the file cannot be read', pages: [] };
      known.pages.push(job.page);
      failed.set(job.photo!, known);
      result.uncached.push({ path: job.output, contents: Buffer.from(png!) });
    }).catch((error: unknown) => {
      if (!(error instanceof CardFailure)) throw error;
      throw new StitchError([errors.cardFailed(missing[error.index].job.page, error.message)], { cause: error });
    });
    // The pages in the order of the jobs, whichever thread drew them first (the first is the diagnostic's file).
    const order = new Map(jobs.map((j, i) => [j.page, i]));
    result.photoErrors = [...failed].map(([photo, f]) => ({ photo, ...f, pages: f.pages.sort((a, b) => order.get(a)! - order.get(b)!) }))
      .sort((a, b) => (a.photo < b.photo ? -1 : 1));
  }
  // Drop cards no page of this content folder uses any more.
  await prune(dir, listed, used);
  result.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return result;
}

/**
 * From this many cards to draw, card workers draw them (card-threads.ts): a worker's start
 * (satori, fonts, backdrops: ~0.3 s of CPU) is then paid back on every core.
 */
const WORKER_CARDS = 40;
/** Card workers at most (each holds its own libraries and heap, ~60 MB). */
const MAX_WORKERS = 4;

/** The cache folder of one content folder (cards of another content folder are not pruned by this one's builds). */
function scopeOf(ctx: CardsContext): string {
  return createHash('sha256').update(relative(ctx.root, ctx.contentDir) || '.').digest('hex').slice(0, 16);
}

async function prune(dir: string, names: string[], used: Set<string>): Promise<void> {
  const hour = Date.now() - 3600_000;
  // The cards in use (all of them, most builds) are passed over without a promise each.
  const stale = names.filter((name) => {
    const key = /^([0-9a-f]{32})\.png$/.exec(name)?.[1];
    return key ? !used.has(key) : name.endsWith('.tmp');
  });
  await Promise.all(stale.map(async (name) => {
    // A temporary file is an interrupted write's, unless a build is writing it right now.
    if (name.endsWith('.tmp') && ((await stat(join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0) >= hour) return;
    await rm(join(dir, name), { force: true });
  }));
}

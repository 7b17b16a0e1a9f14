// Draws a build's missing cards on card workers (card-worker.ts, a piscina pool of their own),
// one per core, that take cards from one queue. satori and resvg run on the thread that calls them (~11 ms a card) and sharp
// encodes the PNGs on its own threads, so the build's thread alone left the second core mostly
// idle. The workers are the cards' own, started for the stage: the document executor's pool is
// stopped by then (its memory freed). This thread only hands out cards: satori's garbage stays
// in the workers' small heaps, collected as it goes, instead of growing this thread's, which
// holds the whole build (docs/performance.md, "Memory").
//
// A card a worker cannot draw fails the build with its page, like one this thread cannot; a
// worker that dies gives up the pool and leaves its cards to this thread. Neither hangs.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { engineVersion } from '../cache/engine-version.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { bundleForNode } from '../render/bundle-templates.ts';
import type { CardRenderer } from './card-renderer.ts';
import type { CardTemplate } from './card-template.ts';
import type { FromWorker } from './card-worker.ts';
import { createRenderer, drawCard, type CardDrawn, type CardToDraw, type DrawSetup } from './draw-cards.ts';

/**
 * Cards a card thread is handed at once. piscina gives a worker one at a time (its
 * `concurrentTasksPerWorker` is 1): the others wait in the pool's queue. Three at once in each
 * worker drew the cards ~7 % faster (no idle round trip between two cards) but raised a
 * 10,000-post build's peak by ~35 MB, over 450 MB (the peak is where the photo cards are drawn,
 * likely three photos and whole-card PNGs held at once per worker; docs/performance.md, "The
 * cards stage, seventh session").
 */
const AT_ONCE = 3;

/**
 * A card worker's heap. Left to V8, two workers' heaps grew with satori's garbage to ~260 MB of
 * RSS more for the build; capped, ~160 MB (300 cards, docs/performance.md "Cards, third pass").
 * A worker keeps a few MB live (fonts, the backdrops' pixels, the category layers): a worker that
 * still ran out would give the pool up and leave its cards to the build's thread (below).
 */
const HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

export interface DrawOptions {
  /** Card workers to start (0: this thread draws). */
  workers: number;
  /** The cache folder (the workers' script is bundled into `server/`). */
  cacheDir: string;
  /** The card template, when this thread has it already. */
  template?: CardTemplate;
}

/** A card that could not be drawn (its index in the cards given, and why): the build fails with it. */
export class CardFailure extends Error {
  constructor(readonly index: number, message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/** Draws `cards`, calling `done` for each as it is drawn (in any order); rejects at the first card that fails. */
export async function drawAll(cards: CardToDraw[], setup: DrawSetup, options: DrawOptions, done: (index: number, drawn: CardDrawn) => void): Promise<void> {
  let next = 0;
  let failed = false;
  const take = () => (next < cards.length && !failed ? next++ : undefined);
  // This thread's renderer is made only if it draws (no workers, or one died).
  let renderer: Promise<CardRenderer> | undefined;
  const here = async (index: number) => {
    try {
      renderer ??= createRenderer(setup, options.template);
      return await drawCard(await renderer, cards[index]);
    } catch (error) {
      throw new CardFailure(index, error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  const pool = options.workers > 0 ? await CardPool.start(setup, options.cacheDir, options.workers) : undefined;
  const there = async (index: number): Promise<CardDrawn> => {
    const answer = pool?.alive && await pool.draw(cards[index]).catch(() => undefined); // undefined: the pool is gone
    if (!answer) return here(index);
    if ('error' in answer) throw new CardFailure(index, answer.error);
    return answer.drawn;
  };
  const runner = async (draw: (index: number) => Promise<CardDrawn>) => {
    for (let index = take(); index !== undefined; index = take()) {
      try {
        done(index, await draw(index));
      } catch (error) {
        failed = true; // the other runners finish the card they draw, and take no more
        throw error;
      }
    }
  };
  try {
    const runs = Array.from({ length: AT_ONCE * Math.max(1, options.workers) }, () => runner(pool ? there : here));
    const rejected = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) throw rejected.reason;
  } finally {
    await pool?.stop();
  }
}

/**
 * The card workers: a piscina pool of its own (the document executor's is stopped by then).
 * Once a worker dies (it threw outside a card, ran out of memory, exited, or could not start)
 * the pool is given up and its cards are the build's thread's: a card that kills its worker
 * would otherwise kill each new one piscina starts.
 */
class CardPool {
  alive = true;

  private constructor(private readonly pool: Piscina) {
    // A worker that fails outside a task has none to fail: piscina reports it here (an 'error' event without a listener would end the process).
    pool.on('error', () => void this.stop());
  }

  static async start(setup: DrawSetup, cacheDir: string, size: number): Promise<CardPool> {
    const { Piscina } = await import('piscina');
    return new CardPool(new Piscina({ filename: await workerScript(setup.root, cacheDir), workerData: setup, minThreads: size, maxThreads: size, idleTimeout: Number.POSITIVE_INFINITY, resourceLimits: HEAP }));
  }

  async draw(card: CardToDraw): Promise<FromWorker> {
    try {
      return await this.pool.run(card) as FromWorker;
    } catch (error) {
      void this.stop(); // its queued cards reject too, and are drawn by the build's thread
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.alive = false;
    await this.pool.destroy().catch(() => undefined);
  }
}

/** card-worker.ts bundled (libraries left to Node), once per version of the cards' code; its URL. */
async function workerScript(root: string, cacheDir: string): Promise<string> {
  const file = `${cacheDir}/server/card-worker-${engineVersion(['cards', 'fs'], [])}.mjs`;
  if (!existsSync(file)) await writeFileAtomic(file, await bundleForNode(root, { entryPoints: [fileURLToPath(new URL('./card-worker.ts', import.meta.url))] }));
  return pathToFileURL(file).href;
}

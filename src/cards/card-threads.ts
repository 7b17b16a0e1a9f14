// Draws a build's missing cards on card workers (card-worker.ts), one per core, that take cards
// from one queue. satori and resvg run on the thread that calls them (~11 ms a card) and sharp
// encodes the PNGs on its own threads, so the build's thread alone left the second core mostly
// idle. The workers are the cards' own, started for the stage: the document executor's pool is
// stopped by then (its memory freed). This thread only hands out cards: satori's garbage stays
// in the workers' small heaps, collected as it goes, instead of growing this thread's, which
// holds the whole build (docs/performance.md, "Memory").
//
// A card a worker cannot draw fails the build with its page, like one this thread cannot; a
// worker that dies leaves its cards to this thread. Neither hangs.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { engineVersion } from '../cache/engine-version.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { bundleForNode } from '../render/bundle-templates.ts';
import type { CardRenderer } from './card-renderer.ts';
import type { CardTemplate } from './card-template.ts';
import type { FromWorker, ToWorker } from './card-worker.ts';
import { createRenderer, drawCard, type CardDrawn, type CardToDraw, type DrawSetup } from './draw-cards.ts';

/** Cards a thread draws at once: one laid out while the PNG of another is encoded and the next waits. */
const AT_ONCE = 3;

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
  const workers = await Promise.all(Array.from({ length: options.workers }, () => CardWorker.start(setup, options.cacheDir)));
  const on = (worker: CardWorker) => (index: number) => (worker.alive ? worker.draw(index, cards[index]).catch((error: unknown) => {
    if (error instanceof WorkerGone) return here(index); // its cards are this thread's now
    throw error;
  }) : here(index));
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
    const draws = workers.length > 0 ? workers.map(on) : [here];
    const runs = draws.flatMap((draw) => Array.from({ length: AT_ONCE }, () => runner(draw)));
    const rejected = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) throw rejected.reason;
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

/** The worker stopped (it threw outside a card, ran out of memory or exited). */
class WorkerGone extends Error {}

class CardWorker {
  alive = true;
  private readonly waiting = new Map<number, { resolve: (drawn: CardDrawn) => void; reject: (error: Error) => void }>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => {
      const waiter = this.waiting.get(message.index);
      this.waiting.delete(message.index);
      if ('error' in message) waiter?.reject(new CardFailure(message.index, message.error));
      else waiter?.resolve(message.drawn);
    });
    const gone = (why: string) => {
      this.alive = false;
      for (const waiter of this.waiting.values()) waiter.reject(new WorkerGone(why));
      this.waiting.clear();
    };
    worker.on('error', (error) => gone(error.message));
    worker.on('exit', (code) => gone(`exited with code ${code}`));
  }

  static async start(setup: DrawSetup, cacheDir: string): Promise<CardWorker> {
    return new CardWorker(new Worker(new URL(await workerScript(setup.root, cacheDir)), { workerData: setup }));
  }

  draw(index: number, card: CardToDraw): Promise<CardDrawn> {
    if (!this.alive) return Promise.reject(new WorkerGone('stopped'));
    return new Promise((resolve, reject) => {
      this.waiting.set(index, { resolve, reject });
      this.worker.postMessage({ index, card } satisfies ToWorker);
    });
  }

  async stop(): Promise<void> {
    this.alive = false;
    await this.worker.terminate();
  }
}

/** card-worker.ts bundled (libraries left to Node), once per version of the cards' code; its URL. */
async function workerScript(root: string, cacheDir: string): Promise<string> {
  const file = `${cacheDir}/server/card-worker-${engineVersion(['cards', 'fs'], [])}.mjs`;
  if (!existsSync(file)) await writeFileAtomic(file, await bundleForNode(root, { entryPoints: [fileURLToPath(new URL('./card-worker.ts', import.meta.url))] }));
  return pathToFileURL(file).href;
}

// The card worker (card-threads.ts): a thread that draws cards beside the build's own, so that
// satori and resvg, which run on the thread that calls them, use a second core. It draws each
// card it is sent at once (the PNG of one is encoded on sharp's threads while the next is laid
// out) and answers with its index: what drawCard returned, or why it could not be drawn.
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer, drawCard, type CardToDraw, type DrawSetup } from './draw-cards.ts';

export type ToWorker = { index: number; card: CardToDraw };
export type FromWorker = { index: number; drawn: Awaited<ReturnType<typeof drawCard>> } | { index: number; error: string };

const port = parentPort!;
const renderer = createRenderer(workerData as DrawSetup);
port.on('message', async ({ index, card }: ToWorker) => {
  try {
    const drawn = await drawCard(await renderer, card);
    port.postMessage({ index, drawn } satisfies FromWorker);
  } catch (error) {
    port.postMessage({ index, error: error instanceof Error ? error.message : String(error) } satisfies FromWorker);
  }
});

// The card worker (card-threads.ts): piscina calls the default export with each card. A thread
// beside the build's own, so that satori and resvg, which run on the thread that calls them, use
// a second core; the PNG of one card is encoded on sharp's threads while the next is laid out.
// It answers what drawCard returned, or why the card could not be drawn.
import { workerData } from 'piscina';
import { createRenderer, drawCard, type CardToDraw, type DrawSetup } from './draw-cards.ts';

export type FromWorker = { drawn: Awaited<ReturnType<typeof drawCard>> } | { error: string };

const renderer = createRenderer(workerData as DrawSetup);
renderer.catch(() => undefined); // a template that cannot load fails each card below, not the thread

export default async function draw(card: CardToDraw): Promise<FromWorker> {
  try {
    return { drawn: await drawCard(await renderer, card) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

// The executor's `card` task (src/executor/tasks.ts): draws a chunk of social cards in a worker.
// Its code (draw-cards.ts with satori, resvg and sharp) is a bundle of its own in .stitch/server
// that the worker imports on its first card, so that workers of builds that draw no card never
// load those libraries (and the worker bundle keeps no native module).
import type { CardDrawn, CardToDraw, DrawSetup } from './draw-cards.ts';

export interface CardTaskPayload extends DrawSetup {
  /** URL of the bundled draw-cards module (build-cards.ts drawModule()). */
  module: string;
  items: CardToDraw[];
}

export async function cardTask({ module, ...payload }: CardTaskPayload): Promise<CardDrawn[]> {
  const { drawCards } = await import(module) as typeof import('./draw-cards.ts');
  return drawCards(payload);
}


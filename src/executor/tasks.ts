// The executor's task table: a task name → the function that makes it (once per worker, or per
// inline executor: what the task keeps lives that long). The task it makes takes one item and
// what every item shares (`{ item, ...shared }`), calls `started()` once it has loaded what it
// needs (the item's time limit runs from then), and returns a result that can be sent between
// threads (structured clone). To add a task: write its maker (in the module of its stage) and
// name it here.
import type { CardDrawn, CardSetup, CardToDraw } from '../cards/draw-cards.ts';
import { documentTask } from '../render/document-task.ts';

export const tasks = {
  /** The document pass (render-documents.ts): a page → its facts (the worker writes it, or returns its HTML). */
  document: documentTask,
  /** A social card (src/cards/build-cards.ts) → its PNG. Loaded on first use: the document workers never load satori or resvg. */
  card: () => {
    const task = import('../cards/draw-cards.ts').then(({ cardTask }) => cardTask());
    return async (payload: CardSetup & { item: CardToDraw }, started: () => void): Promise<CardDrawn> => (await task)(payload, started);
  },
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskPayload<K extends TaskName> = Parameters<ReturnType<Tasks[K]>>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<ReturnType<Tasks[K]>>>;

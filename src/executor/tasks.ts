// The executor's task table: a task name → the function that makes it (once per worker, or per
// inline executor: what the task keeps lives that long). The task it makes takes one payload and
// `started(i)`, and returns a result that can be sent between threads (structured clone). A
// chunked task (Executor.runAll/each) takes `{ items, ...shared }`, calls `started(i)` as it
// begins item i (the executor's time limit and failure policy are per item), and returns one
// result per item, in order. To add a task: write its maker (in the module of its stage) and
// name it here.
import type { CardDrawn, CardSetup, CardToDraw } from '../cards/draw-cards.ts';
import { documentTask } from '../render/render-documents.ts';

export const tasks = {
  /** The document pass (render-documents.ts): pages → their facts (the worker writes them, or returns their HTML). */
  document: documentTask,
  /** The social cards (src/cards/build-cards.ts): cards → their PNGs. Loaded on first use: the document workers never load satori or resvg. */
  card: () => async (payload: CardSetup & { items: CardToDraw[] }, started?: (item: number) => void): Promise<CardDrawn[]> => (await import('../cards/draw-cards.ts')).drawCards(payload, started),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskPayload<K extends TaskName> = Parameters<ReturnType<Tasks[K]>>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<ReturnType<Tasks[K]>>>;

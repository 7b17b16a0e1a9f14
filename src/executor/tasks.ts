// The executor's task table: a task name → the function that runs it. Every task takes one
// payload and returns a result that can be sent between threads (structured clone). A chunked
// task (Executor.runAll/each) takes `{ items, ...shared }` and returns one result per item, in
// order. To add a task: write its function (in the module of its stage) and name it here.
import type { CardDrawn, CardSetup, CardToDraw } from '../cards/draw-cards.ts';
import { documentTask } from '../render/document-task.ts';

export const tasks = {
  /** The document pass (render-documents.ts): pages → their facts (the worker writes them, or returns their HTML). */
  document: documentTask,
  /** The social cards (src/cards/build-cards.ts): cards → their PNGs. Loaded on first use: the document workers never load satori or resvg. */
  card: async (payload: CardSetup & { items: CardToDraw[] }): Promise<CardDrawn[]> => (await import('../cards/draw-cards.ts')).drawCards(payload),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskPayload<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

// The executor's task table: a task name → the function that makes it (task-runner.ts). A task
// takes `{ items, ...shared }` and `started(i)`, calls `started(i)` as it begins item i, and
// returns one result per item, in order, that can be sent between threads (structured clone).
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

// The executor's task table: a task name → the function that runs it. Every task takes one
// payload and returns a result that can be sent between threads (structured clone). A chunked
// task (Executor.runAll/each) takes `{ items, ...shared }` and returns one result per item, in
// order. To add a task: write its function (in the module of its stage) and name it here.
import { renderMarkdown, type MarkdownOptions } from '../markdown/render-markdown.ts';
import { renderPages } from '../render/render-task.ts';

export const tasks = {
  /** Markdown bodies → HTML. */
  markdown: ({ items, options }: { items: string[]; options: MarkdownOptions }): string[] => items.map((body) => renderMarkdown(body, options)),
  /** Page routes → documents (or their facts, when the worker writes them). */
  render: renderPages,
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskPayload<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

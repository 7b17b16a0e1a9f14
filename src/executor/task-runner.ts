// How a task runs where it runs (a worker, or the build's thread): each task of the table is
// made once per runner (per worker, per inline executor), so what it keeps — a loaded bundle,
// the Markdown pipeline — lives as long as that worker or build, never in a module. A task
// calls `started()` once it has loaded what it needs: the executor times its item from then
// (before, by the longer set-up limit), on the clock they share.
/** Date.now() when the task's item began (0: not yet: queued or loading), shared with the executor. */
export type ItemClock = Float64Array;

/** Makes a task's function; called once per runner. */
export type TaskMaker = () => (payload: never, started: () => void) => unknown;

export interface TaskMessage {
  task: string;
  payload: unknown;
  clock?: ItemClock;
}

export function newItemClock(): ItemClock {
  return new Float64Array(new SharedArrayBuffer(8));
}

/** A function that runs messages against `table`, each task made on its first message. */
export function taskRunner(table: Record<string, TaskMaker>): (message: TaskMessage) => unknown {
  const made = new Map<string, ReturnType<TaskMaker>>();
  return ({ task, payload, clock }) => {
    const make = table[task];
    if (!make) throw new Error(`unknown executor task "${task}"`);
    let run = made.get(task);
    if (!run) made.set(task, (run = make()));
    return run(payload as never, () => {
      if (clock) clock[0] = Date.now();
    });
  };
}

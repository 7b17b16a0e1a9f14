// How a task runs where it runs (a worker, or the build's thread): each task of the table is
// made once per runner (per worker, per inline executor), so what it keeps — a loaded bundle,
// the Markdown pipeline — lives as long as that worker or build, never in a module. A chunked
// task says which item it begins (`started(i)`) on the item clock the executor watches: the
// executor bounds an item's time and knows which item a dying worker was on. A task that never
// says so is timed as loading, by the longer set-up limit.
/** [index of the item the task is on (-1: not started, SETTING_UP: loading), Date.now() when it began it], shared with the executor. */
export type ItemClock = Float64Array;

/** The clock's index while a task loads what it needs (a bundle, its libraries), before its first item. */
export const SETTING_UP = -2;

/** Makes a task's function; called once per runner. */
export type TaskMaker = () => (payload: never, started: (item: number) => void) => unknown;

export interface TaskMessage {
  task: string;
  payload: unknown;
  clock?: ItemClock;
}

export function newItemClock(): ItemClock {
  const clock = new Float64Array(new SharedArrayBuffer(16));
  clock[0] = -1;
  return clock;
}

/** A function that runs messages against `table`, each task made on its first message. */
export function taskRunner(table: Record<string, TaskMaker>): (message: TaskMessage) => unknown {
  const made = new Map<string, ReturnType<TaskMaker>>();
  return ({ task, payload, clock }) => {
    const make = table[task];
    if (!make) throw new Error(`unknown executor task "${task}"`);
    let run = made.get(task);
    if (!run) made.set(task, (run = make()));
    const started = (item: number) => {
      if (!clock) return;
      clock[1] = Date.now();
      clock[0] = item;
    };
    // Until its first item, a task is loading (timed by the executor's set-up limit).
    started(SETTING_UP);
    return run(payload as never, started);
  };
}

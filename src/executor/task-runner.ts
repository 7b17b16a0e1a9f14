// How a task runs where it runs (a worker, or the build's thread): each task of the table is
// made once per runner (per worker, per inline executor), so what it keeps — a loaded bundle,
// the Markdown pipeline — lives as long as that worker or build, never in a module. A chunked
// task says which item it begins (`started(i)`) on the item clock the executor watches: the
// executor bounds an item's time and knows which item a dying worker was on.
/** [index of the item the task is on (-1: none yet), Date.now() when it began it], shared with the executor. */
export type ItemClock = Float64Array;

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
    // A task that never says which item it is on is timed as one item.
    started(0);
    return run(payload as never, started);
  };
}

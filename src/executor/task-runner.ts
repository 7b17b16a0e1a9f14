// How a task runs where it runs (a worker, or the build's thread): each task of the table is
// made once per runner, so what it keeps lives as long as that worker or build, never in a
// module. A task says which item it begins (`started(i)`) on the item clock the executor
// watches, which bounds an item's time and names the item a dying worker was on; until its
// first item a task is loading, timed by the longer set-up limit.
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
    started(SETTING_UP);
    return run(payload as never, started);
  };
}

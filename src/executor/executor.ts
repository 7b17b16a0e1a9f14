// One executor for the build's heavy work: the tasks of tasks.ts run on a piscina pool, or in
// this thread (`Executor.inline()`). Items go out in chunks so messages stay few (one task per
// item measured +20 % CPU). The failure policy, one for every task: an item gets at most
// `itemTimeMs` and the worker's heap; the item a worker fails on (throw, exit, out of heap or
// time: the item clock of task-runner.ts says which) gets a `WorkerFailure`, the rest of its
// chunk is sent again once, and piscina starts a new worker. Never a hang.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import type { Piscina } from 'piscina';
import { engineVersion } from '../cache/engine-version.ts';
import { readSealed, writeSealed } from '../cache/file-cache.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { newItemClock, SETTING_UP, taskRunner, type TaskMessage } from './task-runner.ts';
import type { TaskName, TaskPayload, TaskResult } from './tasks.ts';

const defaultEntry = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** Below this many documents a pool costs more (worker start-up) than it saves. */
export const POOL_THRESHOLD = 150;

/** Workers for this machine: one per core (the main thread mostly waits and writes). */
export function poolSize(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Old-generation limit per worker: an item's memory limit. The largest page is a few MB even at
 * 10,000 posts; a tight limit also makes V8 collect early, which keeps the build's peak RSS down.
 */
export const WORKER_HEAP_MB = 160;

/** An item's time limit (a post renders in milliseconds; Markdown built to blow up takes minutes). */
export const ITEM_TIME_MS = 5000;

/** A task's time to load what it needs before its first item (the templates, on a loaded machine). */
const SET_UP_TIME_MS = 60_000;

const WATCH_MS = 100;

/** Chunks in flight per worker: the next one is queued while a worker works on the current one. */
const IN_FLIGHT = 2;

/** What an item gets instead of its result when its worker failed on it; `limit` when it hit one. */
export class WorkerFailure {
  constructor(readonly message: string, readonly limit?: 'time' | 'memory') {}
}

/** Tasks that take `{ items, ...shared }` and return one result per item. */
type ChunkedTask = { [K in TaskName]: TaskPayload<K> extends { items: unknown[] } ? K : never }[TaskName];
type Item<K extends TaskName> = TaskPayload<K> extends { items: (infer I)[] } ? I : never;
type ItemResult<K extends TaskName> = TaskResult<K> extends (infer R)[] ? R : never;
type Shared<K extends TaskName> = Omit<TaskPayload<K>, 'items'>;

/** A chunk that failed: the failure, and the position in the chunk of the item its worker was on (-1: none). */
interface ChunkFailure {
  failure: WorkerFailure;
  at: number;
}

export interface ExecutorOptions {
  /** NODE_ENV=production in the workers (React's production build). */
  production: boolean;
  size?: number;
  /** The worker entry to bundle (default worker.ts; tests give their own). */
  entry?: string;
  itemTimeMs?: number;
}

export class Executor {
  /** Set when no worker is left to run a task: every task fails at once with it. */
  private broken?: Error;
  private lastError?: Error;
  /** Made on first use: loading the task table loads their stages. */
  private inlineRunner?: Promise<(message: TaskMessage) => unknown>;

  private constructor(private readonly pool: Piscina | undefined, private readonly size: number, private readonly itemTimeMs = ITEM_TIME_MS) {}

  /** A pool of workers, started now (their script is bundled once per engine version). */
  static async start(cacheDir: string, options: ExecutorOptions): Promise<Executor> {
    const size = options.size ?? poolSize();
    const { Piscina } = await import('piscina');
    const pool = new Piscina({
      filename: await workerFile(cacheDir, options.entry ?? defaultEntry),
      minThreads: size,
      maxThreads: size,
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      // React picks its production build from NODE_ENV when the templates bundle first imports it.
      env: options.production ? { ...process.env, NODE_ENV: 'production' } : undefined,
    });
    const executor = new Executor(pool, size, options.itemTimeMs);
    // A worker that fails between tasks (or while starting) has no task to fail: piscina reports
    // it here (an 'error' event without a listener would end this process).
    pool.on('error', (error: unknown) => executor.workerFailed(error));
    return executor;
  }

  /** Runs every task in this thread, one at a time (no time limit: nothing here can stop a task). */
  static inline(): Executor {
    return new Executor(undefined, 0);
  }

  /**
   * Runs `task` over `items` in chunks of at most `maxChunk`; `onResult` gets each item's result
   * (by its index in `items`) as its chunk is done, chunks in any order. A chunk is sent only once
   * an earlier one's results are taken, so results never pile up. `prepare` makes a chunk's items
   * just before it is sent (a post's body read back from its file lives only while in flight).
   */
  async each<K extends ChunkedTask>(task: K, items: Item<K>[], shared: Shared<K>, maxChunk: number, onResult: (index: number, result: ItemResult<K> | WorkerFailure, item: Item<K>) => Promise<void> | void, prepare?: (chunk: Item<K>[]) => Item<K>[]): Promise<void> {
    const workers = Math.max(1, this.size);
    const size = Math.max(1, Math.min(maxChunk, Math.ceil(items.length / (workers * 4))));
    let next = 0;
    // Inline, one chunk at a time: results come in the order of `items`.
    const lanes = this.pool ? Math.min(Math.ceil(items.length / size), workers * IN_FLIGHT) : 1;
    await Promise.all(Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const start = next;
        next += size;
        const chunk = items.slice(start, start + size);
        const ready = prepare ? prepare(chunk) : chunk;
        await this.settle(task, ready.map((_, i) => i), ready, shared, true, (i, result) => onResult(start + i, result, ready[i]));
      }
    }));
  }

  /** Like `each`, with every result at once, in the order of `items`. */
  async runAll<K extends ChunkedTask>(task: K, items: Item<K>[], shared: Shared<K>, maxChunk: number): Promise<(ItemResult<K> | WorkerFailure)[]> {
    const results = new Array<ItemResult<K> | WorkerFailure>(items.length);
    await this.each(task, items, shared, maxChunk, (i, result) => {
      results[i] = result;
    });
    return results;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }

  /**
   * Runs the items `which` (positions in `ready`) as one chunk and hands each its result. When
   * the chunk fails, the item its worker was on gets the failure; the others are sent again
   * (once: `again`), or get the failure too. Each failure settles at least one item: no loop.
   */
  private async settle<K extends ChunkedTask>(task: K, which: number[], ready: Item<K>[], shared: Shared<K>, again: boolean, onResult: (i: number, result: ItemResult<K> | WorkerFailure) => Promise<void> | void): Promise<void> {
    const outcome = await this.attempt(task, { ...shared, items: which.map((i) => ready[i]) } as unknown as TaskPayload<K>);
    if (!('failure' in outcome)) {
      const results = outcome.result as ItemResult<K>[];
      for (let n = 0; n < which.length; n++) await onResult(which[n], results[n]);
      return;
    }
    const { failure, at } = outcome;
    // A worker that failed before its first item (at < 0): the chunk as a whole is sent again.
    const rest = which.filter((_, n) => n !== at);
    if (at >= 0) await onResult(which[at], failure);
    if (rest.length === 0) return;
    if (again && !this.broken) return this.settle(task, rest, ready, shared, false, onResult);
    for (const i of rest) await onResult(i, failure);
  }

  /** One task, with the item clock and the time limit; its result, or how it failed. */
  private async attempt<K extends TaskName>(task: K, payload: TaskPayload<K>): Promise<{ result: unknown } | ChunkFailure> {
    const clock = newItemClock();
    if (!this.pool) {
      this.inlineRunner ??= import('./tasks.ts').then(({ tasks }) => taskRunner(tasks));
      try {
        return { result: await (await this.inlineRunner)({ task, payload, clock }) };
      } catch (error) {
        return { failure: new WorkerFailure(messageOf(error)), at: clock[0] };
      }
    }
    if (this.broken) return { failure: new WorkerFailure(this.broken.message), at: -1 };
    const abort = new AbortController();
    let late = false;
    const watch = setInterval(() => {
      const limit = clock[0] === SETTING_UP ? SET_UP_TIME_MS : this.itemTimeMs;
      if (clock[0] === -1 || Date.now() - clock[1] <= limit) return;
      late = true;
      abort.abort(); // piscina stops the worker and starts another
    }, WATCH_MS);
    try {
      return { result: await this.pool.run({ task, payload, clock } satisfies TaskMessage, { signal: abort.signal }) };
    } catch (error) {
      const at = clock[0];
      if (late && at === SETTING_UP) return { failure: new WorkerFailure(`the worker took longer than ${SET_UP_TIME_MS / 1000} s to load the task`), at };
      if (late) return { failure: new WorkerFailure(`it took longer than the time limit of ${this.itemTimeMs / 1000} s`, 'time'), at };
      this.workerFailed(error);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return { failure: new WorkerFailure(`it ran out of memory (the limit is ${WORKER_HEAP_MB} MB): ${messageOf(error)}`, 'memory'), at };
      return { failure: new WorkerFailure((this.broken ?? error) instanceof Error ? messageOf(this.broken ?? error) : String(error)), at };
    } finally {
      clearInterval(watch);
    }
  }

  /**
   * piscina replaces a worker that fails, except one that fails while starting (a broken
   * bundle): then no worker is left and queued tasks would wait forever. Fail them instead.
   */
  private workerFailed(error: unknown): void {
    this.lastError = error instanceof Error ? error : new Error(String(error));
    setImmediate(() => {
      if (!this.pool || this.broken || this.pool.threads.length > 0) return;
      this.broken = new Error(`no worker could start: ${this.lastError?.message}`);
      void this.pool.destroy().catch(() => undefined);
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Bundles the worker entry with its libraries; reused while the engine version stays the same. */
async function workerFile(cacheDir: string, entry: string): Promise<string> {
  const name = entry === defaultEntry ? 'executor-worker' : `executor-${createHash('sha256').update(entry).digest('hex').slice(0, 8)}`;
  const file = `${cacheDir}/server/${name}-${engineVersion}.mjs`;
  // Its hash is written beside it: a module damaged since is made again, never imported.
  const made = sha256OfFile(file);
  if (made !== undefined && readSealed(`${file}.sha256`, file)?.toString() === made) return file;
  const { build } = await import('esbuild'); // loaded only to bundle: a warm build never does
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // Native addons cannot be bundled; the card task's libraries are loaded from node_modules (so an upgrade is picked up).
    plugins: [fromStitchModules(['@resvg/resvg-js', 'sharp', 'satori'])],
    // CommonJS dependencies inside an ES module bundle need a real `require`.
    banner: { js: "import { createRequire as __stitchRequire } from 'node:module'; const require = __stitchRequire(import.meta.url);" },
  });
  await writeFileAtomic(file, result.outputFiles[0].contents);
  writeSealed(`${file}.sha256`, file, createHash('sha256').update(result.outputFiles[0].contents).digest('hex'));
  return file;
}

/**
 * Leaves these packages out of the bundle, imported by the absolute URL of the file stitch's
 * own node_modules has: the bundle lives in the cache folder, which may be outside any
 * node_modules (a bare name would not be found from there).
 */
function fromStitchModules(names: string[]): Plugin {
  const filter = new RegExp(`^(${names.map((name) => name.replace(/[./]/g, '\\$&')).join('|')})$`);
  return {
    name: 'stitch-modules',
    setup(build) {
      build.onResolve({ filter }, async ({ path, kind, pluginData }) => {
        if (pluginData === 'stitch-modules') return undefined; // the lookup below, resolved as esbuild would
        const found = await build.resolve(path, { kind, resolveDir: dirname(defaultEntry), pluginData: 'stitch-modules' });
        if (found.errors.length === 0) return { path: kind === 'require-call' ? found.path : pathToFileURL(found.path).href, external: true };
        return { path, external: true };
      });
    },
  };
}

function sha256OfFile(file: string): string | undefined {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

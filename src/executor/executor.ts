// One executor for the build's heavy work: the tasks of src/executor/tasks.ts run on a pool of
// worker threads (piscina) sized to the machine, or in this thread (`Executor.inline()`, for
// the few documents that do not pay for starting workers). Work goes out in chunks of documents
// so messages stay few. A chunk whose worker throws, exits or runs out of heap never hangs the
// build: each of its documents gets a `WorkerFailure` instead of a result, and piscina starts a
// new worker for the chunks still to come.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import { pageEngineVersion } from '../cache/engine-version.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import type { TaskName, TaskPayload, TaskResult } from './tasks.ts';

const defaultEntry = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** Below this many documents a pool costs more (worker start-up) than it saves. */
export const POOL_THRESHOLD = 150;

/** Workers for this machine: one per core (the main thread mostly waits and writes). */
export function poolSize(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Old-generation limit per worker. A worker holds one chunk of documents at a time (the largest
 * page, the blog listing, is a few MB even with 10,000 posts); a tight limit makes V8 collect
 * garbage early instead of growing every worker's heap, which keeps the build's peak RSS down.
 */
const WORKER_HEAP_MB = 160;

/** Chunks in flight per worker: the next one is queued while a worker works on the current one. */
const IN_FLIGHT = 2;

/** What a document gets instead of its result when the worker running its chunk failed. */
export class WorkerFailure {
  constructor(readonly message: string) {}
}

/** Tasks that take `{ items, ...shared }` and return one result per item. */
type ChunkedTask = { [K in TaskName]: TaskPayload<K> extends { items: unknown[] } ? K : never }[TaskName];
type Item<K extends TaskName> = TaskPayload<K> extends { items: (infer I)[] } ? I : never;
type ItemResult<K extends TaskName> = TaskResult<K> extends (infer R)[] ? R : never;
type Shared<K extends TaskName> = Omit<TaskPayload<K>, 'items'>;

export interface ExecutorOptions {
  /** NODE_ENV=production in the workers (React's production build). */
  production: boolean;
  /** Workers (default: one per core). */
  size?: number;
  /** The worker entry to bundle (default src/executor/worker.ts; tests give their own). */
  entry?: string;
}

export class Executor {
  /** Set when no worker is left to run a task: every task fails at once with it. */
  private broken?: Error;
  private lastError?: Error;

  private constructor(private readonly pool: Piscina | undefined, readonly size: number) {}

  /** A pool of workers, started now (their script is bundled on first use of an engine version). */
  static async start(cacheDir: string, options: ExecutorOptions): Promise<Executor> {
    const size = options.size ?? poolSize();
    // Loaded here: a build that renders nothing (or inline) starts no pool.
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
    const executor = new Executor(pool, size);
    // A worker that fails between tasks (or while starting) has no task to fail: piscina reports
    // it here (an 'error' event without a listener would end this process).
    pool.on('error', (error: unknown) => executor.workerFailed(error));
    return executor;
  }

  /** Runs every task in this thread. */
  static inline(): Executor {
    return new Executor(undefined, 0);
  }

  /** Runs one task; rejects when it throws or its worker fails. */
  async run<K extends TaskName>(task: K, payload: TaskPayload<K>): Promise<TaskResult<K>> {
    if (!this.pool) {
      const { tasks } = await import('./tasks.ts');
      return await (tasks[task] as (payload: TaskPayload<K>) => TaskResult<K> | Promise<TaskResult<K>>)(payload);
    }
    if (this.broken) throw this.broken;
    try {
      return await this.pool.run({ task, payload });
    } catch (error) {
      this.workerFailed(error);
      throw this.broken ?? error;
    }
  }

  /** Runs one chunk of items as one task; never rejects: a failed chunk gives each item a WorkerFailure. */
  async runChunk<K extends ChunkedTask>(task: K, items: Item<K>[], shared: Shared<K>): Promise<(ItemResult<K> | WorkerFailure)[]> {
    try {
      return (await this.run(task, { ...shared, items } as unknown as TaskPayload<K>)) as ItemResult<K>[];
    } catch (error) {
      const failure = new WorkerFailure(error instanceof Error ? error.message : String(error));
      return items.map(() => failure);
    }
  }

  /**
   * Runs `task` over `items` in chunks of at most `maxChunk`; `onResult` gets each item's result
   * (by its index in `items`) as soon as its chunk is done, chunks in no particular order. A
   * chunk is sent only when an earlier one has been handed to `onResult` (which may wait for
   * writes): results never pile up faster than the caller takes them. `prepare` (default: none)
   * makes a chunk's items just before it is sent, so what they carry exists only while the
   * chunk is in flight (a post's body, read back from its file); `onResult` gets the prepared item.
   */
  async each<K extends ChunkedTask>(task: K, items: Item<K>[], shared: Shared<K>, maxChunk: number, onResult: (index: number, result: ItemResult<K> | WorkerFailure, item: Item<K>) => Promise<void> | void, prepare?: (chunk: Item<K>[]) => Item<K>[]): Promise<void> {
    const workers = Math.max(1, this.size);
    const size = Math.max(1, Math.min(maxChunk, Math.ceil(items.length / (workers * 4))));
    let next = 0;
    const lanes = Math.min(Math.ceil(items.length / size), workers * IN_FLIGHT);
    await Promise.all(Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const start = next;
        next += size;
        const chunk = items.slice(start, start + size);
        const ready = prepare ? prepare(chunk) : chunk;
        const results = await this.runChunk(task, ready, shared);
        for (let i = 0; i < results.length; i++) await onResult(start + i, results[i], ready[i]);
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

/** Bundles the worker entry with its libraries; reused while the engine version stays the same. */
async function workerFile(cacheDir: string, entry: string): Promise<string> {
  const name = entry === defaultEntry ? 'executor-worker' : `executor-${createHash('sha256').update(entry).digest('hex').slice(0, 8)}`;
  const file = `${cacheDir}/server/${name}-${pageEngineVersion()}.mjs`;
  if (existsSync(file)) return file;
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
    external: ['@resvg/resvg-js', 'sharp', 'satori'],
    // CommonJS dependencies inside an ES module bundle need a real `require`.
    banner: { js: "import { createRequire as __stitchRequire } from 'node:module'; const require = __stitchRequire(import.meta.url);" },
  });
  await writeFileAtomic(file, result.outputFiles[0].contents);
  return file;
}

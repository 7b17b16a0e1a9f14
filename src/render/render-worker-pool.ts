// A pool of render workers sized to the machine's cores. Work goes out in chunks (a few dozen
// documents each) so messages stay few and every worker stays busy; results come back in
// order per call. The worker script is bundled once per engine version into .stitch/server.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { pageEngineVersion } from '../cache/engine-version.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { workerBundlePatches } from './bundle-patches.ts';
import type { DocumentInput, DocumentJob, PageFacts } from './render-documents.ts';
import type { WorkerRequest, WorkerResponse } from './render-worker.ts';

const workerSource = fileURLToPath(new URL('./render-worker.ts', import.meta.url));

/** Below this many documents a pool costs more (worker start-up) than it saves. */
export const POOL_THRESHOLD = 150;

/** Workers for this machine: one per core (the main thread mostly waits and writes). */
export function poolSize(): number {
  return Math.max(1, availableParallelism());
}

/** Bundles the worker with its libraries; reused while the engine version stays the same. */
async function workerFile(cacheDir: string): Promise<string> {
  const file = `${cacheDir}/server/render-worker-${pageEngineVersion()}.mjs`;
  if (existsSync(file)) return file;
  const result = await build({
    entryPoints: [workerSource],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [workerBundlePatches],
    // CommonJS dependencies inside an ES module bundle need a real `require`.
    banner: { js: "import { createRequire as __stitchRequire } from 'node:module'; const require = __stitchRequire(import.meta.url);" },
  });
  await writeFileAtomic(file, result.outputFiles[0].contents);
  return file;
}

interface Slot {
  worker: Worker;
  /** Jobs sent and not answered yet. */
  inFlight: number;
}

/**
 * Old-generation limit per worker. A worker holds one chunk of documents at a time (the largest
 * page, the blog listing, is a few MB even with 10,000 posts); a tight limit makes V8 collect
 * garbage early instead of growing every worker's heap, which keeps the build's peak RSS down.
 */
const WORKER_HEAP_MB = 160;

/** Jobs queued per worker: the next one waits in its port while it works on the current one. */
const IN_FLIGHT = 2;

interface Job {
  request: WorkerRequest;
  resolve: (response: WorkerResponse) => void;
  reject: (error: Error) => void;
}

export class RenderWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly pending = new Map<number, Job>();
  private nextId = 1;
  private failed?: Error;

  private constructor(file: string, size: number, production: boolean) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(file, { workerData: { production }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      const slot: Slot = { worker, inFlight: 0 };
      worker.on('message', (response: WorkerResponse) => {
        const job = this.pending.get(response.id);
        this.pending.delete(response.id);
        slot.inFlight--;
        if (job) {
          if (response.type === 'error') job.reject(Object.assign(new Error(response.message), { stack: response.stack }));
          else job.resolve(response);
        }
        this.dispatch();
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a render worker stopped with exit code ${code}`));
      });
      this.slots.push(slot);
    }
  }

  static async start(cacheDir: string, options: { size?: number; production: boolean }): Promise<RenderWorkerPool> {
    return new RenderWorkerPool(await workerFile(cacheDir), options.size ?? poolSize(), options.production);
  }

  get size(): number {
    return this.slots.length;
  }

  private fail(error: Error): void {
    this.failed ??= error;
    for (const job of [...this.pending.values(), ...this.queue]) job.reject(error);
    this.pending.clear();
    this.queue.length = 0;
  }

  private send(request: WorkerRequest): Promise<WorkerResponse> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (let round = 0; round < IN_FLIGHT; round++) {
      for (const slot of this.slots) {
        if (slot.inFlight > round) continue;
        const job = this.queue.shift();
        if (!job) return;
        slot.inFlight++;
        this.pending.set(job.request.id, job);
        slot.worker.postMessage(job.request);
      }
    }
  }

  /**
   * Runs the document pass (render-documents.ts) on the workers; `onFacts` gets each page's facts
   * as soon as its batch is done (in no particular order), so the caller can record them and
   * let them go.
   */
  async documents(inputs: DocumentInput[], job: DocumentJob, onFacts: (input: DocumentInput, facts: PageFacts) => Promise<void> | void): Promise<void> {
    const chunks = chunk(inputs, chunkSize(inputs.length, this.size, 48));
    // A batch is sent only when an earlier one has been handed to `onFacts`: results never pile
    // up faster than the main thread takes them.
    let next = 0;
    const lanes = Array.from({ length: Math.min(chunks.length, this.size * IN_FLIGHT) }, async () => {
      while (next < chunks.length) {
        const part = chunks[next++];
        const response = await this.send({ type: 'document', id: this.nextId++, job, inputs: part });
        if (response.type !== 'document') continue;
        for (let i = 0; i < part.length; i++) await onFacts(part[i], response.results[i]);
      }
    });
    await Promise.all(lanes);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** Chunks small enough to balance the workers, large enough to keep messages few. */
function chunkSize(total: number, workers: number, max: number): number {
  return Math.max(1, Math.min(max, Math.ceil(total / (workers * 4))));
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

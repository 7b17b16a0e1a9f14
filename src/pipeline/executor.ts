// Where documents render: on this thread below POOL_THRESHOLD documents, else on the executor's
// pool; both run the same `document` task, so their output is byte-identical. Nothing can stop
// this thread, so a Markdown body that could take long (markdown/fits-inline.ts) always renders
// on a worker, where an item's time and memory are bounded: a body over a limit, or a worker
// that fails, gives its document a WorkerFailure, never a hang.
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { Executor, POOL_THRESHOLD, poolSize, type WorkerFailure } from '../executor/executor.ts';
import { fitsInline } from '../markdown/fits-inline.ts';
import type { DocumentInput, DocumentJob, DocumentResult } from '../render/render-documents.ts';

export type OnFacts = (input: DocumentInput, facts: DocumentResult | WorkerFailure) => Promise<void> | void;

/** Pages per chunk sent to a worker (fewer when there are few: every worker gets some). */
const MAX_CHUNK = 48;

/**
 * Renders `inputs`; `onFacts` gets each page's facts as soon as it is done (in any order), with
 * its input as `prepare` completed it just before it rendered (the documents stage reads bodies back then).
 */
export async function renderOnExecutor(config: ResolvedConfig, workers: boolean, job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts, prepare?: (inputs: DocumentInput[]) => DocumentInput[]): Promise<void> {
  if (workers && inputs.length >= POOL_THRESHOLD) return onPool(config, job, inputs, onFacts, MAX_CHUNK, prepare);
  const inline = Executor.inline();
  const onWorker: DocumentInput[] = [];
  for (const input of inputs) {
    const [ready] = prepare ? prepare([input]) : [input];
    if (ready.route.markdown && ready.markdownHtml === undefined && !fitsInline(ready.route.markdown.body)) onWorker.push(ready);
    else await inline.each('document', [ready], { job }, 1, (_index, facts) => onFacts(ready, facts));
  }
  if (onWorker.length > 0) await onPool(config, job, onWorker, onFacts, 1, undefined, Math.min(onWorker.length, poolSize()));
}

async function onPool(config: ResolvedConfig, job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts, maxChunk: number, prepare?: (inputs: DocumentInput[]) => DocumentInput[], size?: number): Promise<void> {
  const pool = await Executor.start(config.cacheDir, { production: config.mode === 'production', size });
  try {
    await pool.each('document', inputs, { job }, maxChunk, (_index, facts, input) => onFacts(input, facts), prepare);
  } finally {
    // The workers' memory (~90 MB at 10,000 posts) is given back before the stages that follow.
    await pool.close();
  }
}

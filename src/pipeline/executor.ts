// Where documents are rendered: on this thread below POOL_THRESHOLD documents, on the
// executor's pool of workers (src/executor, piscina) above it. Both run the same `document`
// task, so their output is byte-identical. Nothing can stop this thread, so a Markdown body
// that could take long (markdown/fits-inline.ts) always renders on a worker, where an item's
// time and memory are bounded: a body over a limit, or a worker that fails, gives its document
// a WorkerFailure (reported with the document's file), never a hang.
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { Executor, POOL_THRESHOLD, poolSize, WorkerFailure } from '../executor/executor.ts';
import { fitsInline } from '../markdown/fits-inline.ts';
import type { DocumentInput, DocumentJob, DocumentResult } from '../render/render-documents.ts';

export { POOL_THRESHOLD, WorkerFailure };
export type OnFacts = (input: DocumentInput, facts: DocumentResult | WorkerFailure) => Promise<void> | void;

/** Pages per chunk sent to a worker (fewer when there are few: every worker gets some). */
const MAX_CHUNK = 48;

export class DocumentRunner {
  /** This thread's runner: its `document` task keeps the Markdown pipeline and the pasted page parts for the build. */
  private readonly inline = Executor.inline();
  constructor(private readonly config: ResolvedConfig, private readonly workers = true) {}

  /**
   * Renders `inputs`; `onFacts` gets each page's facts as soon as it is done (in no particular
   * order), with its input as `prepare` made it: `prepare` (default: none) completes a few
   * inputs just before they render (the documents stage reads their bodies back then).
   */
  async documents(job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts, prepare?: (inputs: DocumentInput[]) => DocumentInput[]): Promise<void> {
    if (this.workers && inputs.length >= POOL_THRESHOLD) return this.onPool(job, inputs, onFacts, MAX_CHUNK, prepare);
    const onWorker: DocumentInput[] = [];
    for (const input of inputs) {
      const [ready] = prepare ? prepare([input]) : [input];
      if (ready.route.markdown && ready.markdownHtml === undefined && !fitsInline(ready.route.markdown.body)) onWorker.push(ready);
      else await this.inline.each('document', [ready], { job }, 1, (_index, facts) => onFacts(ready, facts));
    }
    if (onWorker.length > 0) await this.onPool(job, onWorker, onFacts, 1, undefined, Math.min(onWorker.length, poolSize()));
  }

  private async onPool(job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts, maxChunk: number, prepare?: (inputs: DocumentInput[]) => DocumentInput[], size?: number): Promise<void> {
    const pool = await Executor.start(this.config.cacheDir, { production: this.config.mode === 'production', size });
    try {
      await pool.each('document', inputs, { job }, maxChunk, (_index, facts, input) => onFacts(input, facts), prepare);
    } finally {
      // The workers' memory (each its own heap and libraries, ~90 MB at 10,000 posts) is given
      // back now, not after the stages that follow (photo variants, social cards, the link check).
      await pool.close();
    }
  }
}

// Where documents are rendered: on this thread below POOL_THRESHOLD documents, on the worker
// pool above it. Both run the same renderDocuments(), so their output is byte-identical.
import type { ResolvedConfig } from '../config/resolve-config.ts';
import type { DocumentInput, DocumentJob, PageFacts } from '../render/render-documents.ts';
import type { ServerModule } from '../render/render-worker-page.ts';
import { POOL_THRESHOLD, RenderWorkerPool } from '../render/render-worker-pool.ts';

export type OnFacts = (input: DocumentInput, facts: PageFacts) => Promise<void> | void;

export class Executor {
  private pool?: Promise<RenderWorkerPool>;
  constructor(private readonly config: ResolvedConfig, private readonly workers = true) {}

  /** Renders `inputs`; `onFacts` gets each page's facts as soon as it is done (in no particular order). */
  async documents(server: ServerModule, job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts): Promise<void> {
    if (this.workers && inputs.length >= POOL_THRESHOLD) {
      this.pool ??= RenderWorkerPool.start(this.config.cacheDir, { production: this.config.mode === 'production' });
      await (await this.pool).documents(inputs, job, onFacts);
      return;
    }
    // The Markdown pipeline's libraries take a while to load: only imported when something renders here.
    const needsMarkdown = inputs.some((i) => i.route.markdown && i.markdownHtml === undefined);
    const { renderDocuments } = await import('../render/render-documents.ts');
    const { renderMarkdown } = needsMarkdown ? await import('../markdown/render-markdown.ts') : { renderMarkdown: unloaded };
    for (const input of inputs) await onFacts(input, renderDocuments(server, job, [input], renderMarkdown)[0]);
  }

  async close(): Promise<void> {
    const pool = await this.pool?.catch(() => undefined);
    await pool?.close();
  }
}

function unloaded(): string {
  throw new Error('the Markdown pipeline was not loaded for a document that needs it');
}

// Where documents are rendered: on this thread below POOL_THRESHOLD documents, on the worker
// pool above it. Both run the same renderDocuments(), so their output is byte-identical.
import { readdirSync } from 'node:fs';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import type { DocumentInput, DocumentJob, PageFacts } from '../render/render-documents.ts';
import type { ServerModule } from '../render/render-worker-page.ts';
import { POOL_THRESHOLD, RenderWorkerPool } from '../render/render-worker-pool.ts';

export type OnFacts = (input: DocumentInput, facts: PageFacts) => Promise<void> | void;

export class Executor {
  private pool?: Promise<RenderWorkerPool>;
  constructor(private readonly config: ResolvedConfig, private readonly workers = true) {}

  /**
   * Starts the pool now when about `documents` documents are coming: the workers load their
   * libraries while this thread loads the content, instead of after it.
   */
  warm(documents: number): void {
    if (this.workers && documents >= POOL_THRESHOLD) this.startPool();
  }

  private startPool(): Promise<RenderWorkerPool> {
    this.pool ??= RenderWorkerPool.start(this.config.cacheDir, { production: this.config.mode === 'production' });
    // A pool that fails to start is reported when documents are sent to it, not as an unhandled rejection.
    this.pool.catch(() => undefined);
    return this.pool;
  }

  /** Renders `inputs`; `onFacts` gets each page's facts as soon as it is done (in no particular order). */
  async documents(server: ServerModule, job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts): Promise<void> {
    if (this.workers && inputs.length >= POOL_THRESHOLD) {
      await (await this.startPool()).documents(inputs, job, onFacts);
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

/** Markdown files directly in content/blog/: a cheap early estimate of the number of documents. */
export function countPostFiles(contentDir: string): number {
  try {
    return readdirSync(`${contentDir}/blog`).filter((name) => name.endsWith('.md')).length;
  } catch {
    return 0;
  }
}

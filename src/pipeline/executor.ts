// Where documents are rendered: on this thread below POOL_THRESHOLD documents, on the
// executor's pool of workers (src/executor, piscina) above it. Both run the same
// renderDocuments(), so their output is byte-identical. A worker that fails gives each document
// of its chunk a WorkerFailure (reported with the document's file), never a hang.
import { readdirSync } from 'node:fs';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { Executor, POOL_THRESHOLD, WorkerFailure } from '../executor/executor.ts';
import type { DocumentInput, DocumentJob, PageFacts } from '../render/render-documents.ts';
import type { ServerModule } from '../render/render-worker-page.ts';

export { POOL_THRESHOLD, WorkerFailure };
export type OnFacts = (input: DocumentInput, facts: PageFacts | WorkerFailure) => Promise<void> | void;

/** Pages per chunk sent to a worker (fewer when there are few: every worker gets some). */
const MAX_CHUNK = 48;

export class DocumentRunner {
  private pool?: Promise<Executor>;
  constructor(private readonly config: ResolvedConfig, private readonly workers = true) {}

  /**
   * Starts the pool now when about `documents` documents are coming: the workers load their
   * libraries while this thread loads the content, instead of after it.
   */
  warm(documents: number): void {
    if (this.workers && documents >= POOL_THRESHOLD) void this.startPool().catch(() => undefined);
  }

  private startPool(): Promise<Executor> {
    this.pool ??= Executor.start(this.config.cacheDir, { production: this.config.mode === 'production' });
    return this.pool;
  }

  /** Renders `inputs`; `onFacts` gets each page's facts as soon as it is done (in no particular order). */
  async documents(server: ServerModule, job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts): Promise<void> {
    if (this.workers && inputs.length >= POOL_THRESHOLD) {
      const pool = await this.startPool();
      await pool.each('document', inputs, { job }, MAX_CHUNK, (index, facts) => onFacts(inputs[index], facts));
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

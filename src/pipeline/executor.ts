// Where documents are rendered: on this thread below POOL_THRESHOLD documents, on the
// executor's pool of workers (src/executor, piscina) above it. Both run the same
// renderDocuments(), so their output is byte-identical. A worker that fails gives each document
// of its chunk a WorkerFailure (reported with the document's file), never a hang.
import { readdirSync } from 'node:fs';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { Executor, POOL_THRESHOLD, WorkerFailure } from '../executor/executor.ts';
import type { DocumentInput, DocumentJob, DocumentResult } from '../render/render-documents.ts';
import type { ServerBundle } from '../render/bundle-templates.ts';

export { POOL_THRESHOLD, WorkerFailure };
export type OnFacts = (input: DocumentInput, facts: DocumentResult | WorkerFailure) => Promise<void> | void;

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

  /**
   * Renders `inputs`; `onFacts` gets each page's facts as soon as it is done (in no particular
   * order), with its input as `prepare` made it: `prepare` (default: none) completes a few
   * inputs just before they render (the documents stage reads their bodies back then).
   */
  async documents(server: Pick<ServerBundle, 'load'>, job: DocumentJob, inputs: DocumentInput[], onFacts: OnFacts, prepare?: (inputs: DocumentInput[]) => DocumentInput[]): Promise<void> {
    if (this.workers && inputs.length >= POOL_THRESHOLD) {
      const pool = await this.startPool();
      try {
        await pool.each('document', inputs, { job }, MAX_CHUNK, (_index, facts, input) => onFacts(input, facts), prepare);
      } finally {
        // The workers' memory (each its own heap and libraries, ~90 MB at 10,000 posts) is given
        // back now, not after the stages that follow (photo variants, social cards, the link check).
        await this.close();
      }
      return;
    }
    if (inputs.length === 0) return; // nothing renders: neither the renderer nor the templates are loaded
    // The Markdown pipeline's libraries take a while to load: only imported when something
    // renders here (a prepared input may find its HTML in the cache: loaded on first need).
    const { renderDocuments } = await import('../render/render-documents.ts');
    const module = await server.load();
    let renderMarkdown: Parameters<typeof renderDocuments>[3] = unloaded;
    for (const input of inputs) {
      const [ready] = prepare ? prepare([input]) : [input];
      if (renderMarkdown === unloaded && ready.route.markdown && ready.markdownHtml === undefined) ({ renderMarkdownWithLinks: renderMarkdown } = await import('../markdown/render-markdown.ts'));
      await onFacts(ready, renderDocuments(module, job, [ready], renderMarkdown)[0]);
    }
  }

  /** Stops the workers (a later `documents` starts new ones). */
  async close(): Promise<void> {
    const started = this.pool;
    this.pool = undefined;
    const pool = await started?.catch(() => undefined);
    await pool?.close();
  }
}

function unloaded(): never {
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

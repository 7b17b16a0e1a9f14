// Markdown while the content loads. In a cold build of a large blog the render workers would
// wait for the content stage (reading, front matter, validation) before parsing any Markdown.
// Instead, every post body the content stage parses is handed here at once: a body whose HTML
// is not in the persistent cache joins a batch, and each full batch goes to the workers, which
// parse while this thread goes on loading. The markdown stage then takes the results.
//
// The options are known early only as a guess (SITE_URL, or site.yaml's `url` read before the
// site is validated): the markdown stage uses the results only when its own options are the
// same, so a wrong guess costs time, never a wrong page.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { markdownKey, type MarkdownCache } from '../cache/markdown-cache.ts';
import type { Executor, WorkerFailure } from '../executor/executor.ts';
import { markdownOptionsKey, type MarkdownOptions } from './options-key.ts';

/** Documents per worker task (the build's markdown chunk size). */
const BATCH = 24;

export class MarkdownPrefetch {
  /** Per body text: its cache key (computed once, here). */
  private readonly keys = new Map<string, string>();
  /** Per cache key: the HTML the workers are rendering (a failure when its worker failed). */
  private readonly results = new Map<string, Promise<string | WorkerFailure>>();
  private batch: { body: string; key: string }[] = [];
  private pool?: Promise<Executor>;
  private readonly optionsKey: string;

  constructor(
    readonly options: MarkdownOptions,
    private readonly engine: string,
    private readonly cache: MarkdownCache | undefined,
    private readonly startPool: () => Promise<Executor>,
  ) {
    this.optionsKey = markdownOptionsKey(options);
  }

  /** A post body the content stage just parsed. */
  add(body: string): void {
    if (this.keys.has(body)) return;
    const key = markdownKey(body, this.optionsKey, this.engine);
    this.keys.set(body, key);
    if (this.cache?.has(key) || this.results.has(key)) return;
    this.batch.push({ body, key });
    if (this.batch.length >= BATCH) this.flush();
  }

  /**
   * The content is loaded: a last partial batch goes out when the workers are already busy
   * with this build's Markdown; otherwise (only a few bodies missed the cache) the markdown
   * stage renders them as usual.
   */
  finish(): void {
    if (this.pool && this.batch.length > 0) this.flush();
    this.batch = [];
  }

  /** Whether the results were rendered with these options. */
  matches(options: MarkdownOptions): boolean {
    return markdownOptionsKey(options) === this.optionsKey;
  }

  keyOf(body: string): string | undefined {
    return this.keys.get(body);
  }

  result(key: string): Promise<string | WorkerFailure> | undefined {
    return this.results.get(key);
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    this.pool ??= this.startPool();
    const htmls = this.pool.then((pool) => pool.runChunk('markdown', batch.map((b) => b.body), { options: this.options }));
    // Awaited (and a failure reported) by the markdown stage; unused results must not be unhandled.
    htmls.catch(() => undefined);
    batch.forEach((b, i) => {
      const html = htmls.then((all) => all[i]);
      html.catch(() => undefined);
      this.results.set(b.key, html);
    });
  }
}

/**
 * The site's URL as the Markdown options will have it, read ahead of the content stage:
 * SITE_URL when set, else site.yaml's `url`; undefined when it cannot be known yet (a missing
 * or broken site.yaml: the content stage reports it, and nothing is prefetched).
 */
export function guessSiteUrl(contentDir: string, override: string | undefined): string | undefined {
  if (override !== undefined) return override;
  try {
    const site = parse(readFileSync(`${contentDir}/site.yaml`, 'utf8')) as { url?: unknown } | null;
    return typeof site?.url === 'string' ? site.url.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

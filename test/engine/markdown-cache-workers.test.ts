// The Markdown HTML the document workers render goes into the file Markdown cache: a later
// build finds every body there and renders no Markdown.
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build.ts';
import { cachesFor } from '../../src/cache/file-cache.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { Executor } from '../../src/executor/executor.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import type { DocumentResult } from '../../src/render/render-documents.ts';
import { perfProject } from '../perf-project.ts';

const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
const POSTS = 300;

/** Builds in memory on the workers with the project's file caches; the facts that came back to this thread. */
async function buildOnWorkers(config: ReturnType<typeof resolveConfig>): Promise<{ facts: DocumentResult[]; files: MemoryWriter["files"] }> {
  const facts: DocumentResult[] = [];
  const each = Executor.prototype.each;
  const spy = vi.spyOn(Executor.prototype, 'each').mockImplementation(function (this: Executor, task, items, shared, max, onResult, prepare) {
    return each.call(this, task, items, shared, max, (i, result, item) => {
      if (!(result instanceof Error) && 'imageUrls' in (result as object)) facts.push(result as DocumentResult);
      return onResult(i, result, item);
    }, prepare);
  });
  try {
    const writer = new MemoryWriter();
    const result = await build(config, { writer, workers: true, cache: cachesFor('build', config) });
    expect(result.ok).toBe(true);
    return { facts, files: writer.files };
  } finally {
    spy.mockRestore();
  }
}

describe('the Markdown cache of the document workers', { timeout: 300_000 }, () => {
  it('holds every post after a cold build', async () => {
    const p = await perfProject(POSTS);
    const config = resolveConfig({ content: 'content', out: 'dist', root: p.root }, EPOCH, p.root);

    const cold = await buildOnWorkers(config);
    expect(cold.facts.length).toBeGreaterThan(POSTS);
    expect(cold.facts.filter((f) => f.markdownHtml !== undefined).length).toBeGreaterThanOrEqual(POSTS);

    // The next build (its pages kept by no writer) takes every body's HTML from the cache.
    const warm = await buildOnWorkers(config);
    expect(warm.facts.length).toBe(cold.facts.length);
    expect(warm.facts.filter((f) => f.markdownHtml !== undefined)).toEqual([]);
    expect(warm.files).toEqual(cold.files);
  });
});

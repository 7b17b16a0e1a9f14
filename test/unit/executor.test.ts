// The executor: the pool gives what running inline gives, and a worker that exits, throws,
// runs out of heap, runs over an item's time or cannot start fails only the item it was on
// (or, when none could start, every item) — never a hang (the vitest timeout is the guard).
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Executor, WorkerFailure } from '../../src/executor/executor.ts';
import type { DocumentInput, DocumentJob, DocumentResult } from '../../src/render/render-documents.ts';
import type { PageRoute } from '../../src/routes/types.ts';
import { ROOT } from '../helpers/build-site.ts';

const job: DocumentJob = {
  serverFile: join(ROOT, 'test/fixtures/executor/server.mjs'),
  context: { entries: [], styles: [], siteName: 'Site' },
  markdown: { siteUrl: 'https://example.com' },
};
/** A post page whose Markdown body is `body` (the fixture server puts its HTML in <main>). */
function doc(path: string, body = ''): DocumentInput {
  const route: PageRoute = {
    type: 'page', path, output: `${path.slice(1)}/index.html`, kind: 'blog-post', template: 'post', props: { post: {}, layout: { site: { name: 'Site' } } },
    head: { title: path, description: '', image: '/i.jpg', ogType: 'article', jsonLd: [], noindex: false }, markdown: { body, into: 'post' },
  };
  return { route };
}
const opened: Executor[] = [];
async function start(entry?: string, itemTimeMs?: number): Promise<Executor> {
  // A project's .stitch/ is inside it: the worker bundle finds the native libraries it leaves out
  // (resvg, sharp, satori) in the project's node_modules, as here.
  const cacheDir = mkdtempSync(join(tmpdir(), 'stitch-executor-'));
  symlinkSync(join(ROOT, 'node_modules'), join(cacheDir, 'node_modules'));
  const executor = await Executor.start(cacheDir, { production: false, size: 2, entry: entry && join(ROOT, 'test/fixtures/executor', entry), itemTimeMs });
  opened.push(executor);
  return executor;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

describe('executor', { timeout: 60_000 }, () => {
  it('renders on the pool exactly what it renders inline, in order', async () => {
    const docs = Array.from({ length: 40 }, (_, i) => doc(`/blog/${i}`, `## Part ${i}\n\nText *${i}* and [a link](/about).\n\n\`\`\`js\nconst x = ${i};\n\`\`\`\n`));
    const pooled = await (await start()).runAll('document', docs, { job }, 3);
    const inline = await Executor.inline().runAll('document', docs, { job }, 3);
    expect(pooled).toEqual(inline);
    expect((pooled[7] as DocumentResult).html).toContain('<main data-template="post"><h2 id="part-7">Part 7</h2>');
  });

  it.each([
    ['exits', 'EXIT', /exit/, undefined],
    ['throws', 'THROW', /thrown by the task/, undefined],
    ['runs out of heap', 'OOM', /memory/, 'memory'],
    ['runs over its time', 'LOOP', /time limit of 1 s/, 'time'],
  ])('fails the item of a worker that %s, and renders the others of its chunk and the other chunks', async (_, item, message, limit) => {
    // The time limit only where it is the point (a loaded machine can be slow to fill a heap).
    const executor = await start('crashing-worker.ts', limit === 'time' ? 1000 : 60_000);
    // 24 items in chunks of 2 (3 per worker would balance better; 2 is the most asked for).
    const items = Array.from({ length: 24 }, (_, i) => doc(i === 3 ? item : `item ${i}`));
    const results = await executor.runAll('document', items, { job }, 2);
    results.forEach((result, i) => {
      if (i !== 3) return expect(result).toBe(`ITEM ${i}`);
      expect(result).toBeInstanceOf(WorkerFailure);
      expect((result as WorkerFailure).message).toMatch(message);
      expect((result as WorkerFailure).limit).toBe(limit);
    });
    // The pool still works afterwards.
    expect(await executor.runAll('document', [doc('x'), doc('y'), doc('z')], { job }, 1)).toEqual(['X', 'Y', 'Z']);
  });

  it('fails every chunk, without waiting forever, when no worker can start', async () => {
    const executor = await start('broken-worker.ts');
    const results = await executor.runAll('document', Array.from({ length: 12 }, (_, i) => doc(`item ${i}`)), { job }, 2);
    expect(results).toHaveLength(12);
    for (const failed of results) expect((failed as WorkerFailure).message).toMatch(/this worker cannot start/);
  });
});

// The executor: the pool gives what running inline gives, and a worker that exits, throws,
// runs out of heap or cannot start fails only the documents it held — never a hang (the
// vitest timeout is the guard).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Executor, WorkerFailure } from '../../src/executor/executor.ts';
import { ROOT } from '../helpers/build-site.ts';

const options = { siteUrl: 'https://example.com' };
const opened: Executor[] = [];
async function start(entry?: string): Promise<Executor> {
  const executor = await Executor.start(mkdtempSync(join(tmpdir(), 'stitch-executor-')), { production: false, size: 2, entry: entry && join(ROOT, 'test/fixtures/executor', entry) });
  opened.push(executor);
  return executor;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

describe('executor', { timeout: 60_000 }, () => {
  it('renders on the pool exactly what it renders inline, in order', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => `## Part ${i}\n\nText *${i}* and [a link](/about).\n\n\`\`\`js\nconst x = ${i};\n\`\`\`\n`);
    const pooled = await (await start()).runAll('markdown', bodies, { options }, 3);
    const inline = await Executor.inline().runAll('markdown', bodies, { options }, 3);
    expect(pooled).toEqual(inline);
    expect(pooled[7]).toContain('<h2 id="part-7">Part 7</h2>');
  });

  it.each([
    ['exits', 'EXIT', /exit/],
    ['throws', 'THROW', /thrown by the task/],
    ['runs out of heap', 'OOM', /memory/],
  ])('fails the chunk of a worker that %s, and goes on with the other chunks', async (_, item, message) => {
    const executor = await start('crashing-worker.ts');
    // 24 items in chunks of 2 (3 per worker would balance better; 2 is the most asked for).
    const items = Array.from({ length: 24 }, (_, i) => (i === 3 ? item : `item ${i}`));
    const results = await executor.runAll('markdown', items, { options }, 2);
    results.forEach((result, i) => {
      if (i !== 2 && i !== 3) return expect(result).toBe(`ITEM ${i}`);
      expect(result, `item ${i} shared the failed chunk`).toBeInstanceOf(WorkerFailure);
      expect((result as WorkerFailure).message).toMatch(message);
    });
    // The pool still works afterwards.
    expect(await executor.runAll('markdown', ['x', 'y', 'z'], { options }, 1)).toEqual(['X', 'Y', 'Z']);
  });

  it('fails every chunk, without waiting forever, when no worker can start', async () => {
    const executor = await start('broken-worker.ts');
    const results = await executor.runAll('markdown', Array.from({ length: 12 }, (_, i) => `item ${i}`), { options }, 2);
    expect(results).toHaveLength(12);
    for (const failed of results) expect((failed as WorkerFailure).message).toMatch(/this worker cannot start/);
  });
});

// The documents stage stops its workers as soon as the documents are done: their
// memory is given back before the stages that follow (photo variants, social cards), which
// would otherwise run with every worker's heap still held (docs/performance.md, the peak RSS figures).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedConfig } from '../../src/config/resolve-config.ts';
import { Executor, POOL_THRESHOLD } from '../../src/executor/executor.ts';
import { renderOnExecutor } from '../../src/pipeline/executor.ts';
import type { DocumentInput, DocumentJob } from '../../src/render/render-documents.ts';

afterEach(() => vi.restoreAllMocks());

/** A pool that answers every document at once, and records when it is closed. */
function fakePool(events: string[]): Executor {
  return {
    each: async (_task: string, items: unknown[], _shared: unknown, _max: number, onResult: (i: number, r: unknown) => Promise<void> | void) => {
      for (let i = 0; i < items.length; i++) await onResult(i, { islands: [], scripts: [], imageUrls: [], bytes: 0 });
      events.push('done');
    },
    close: async () => {
      events.push('closed');
    },
  } as unknown as Executor;
}

describe('renderOnExecutor', () => {
  it('stops the workers when the documents are done, and starts new ones for a later call', async () => {
    const events: string[] = [];
    const start = vi.spyOn(Executor, 'start').mockImplementation(async () => fakePool(events));
    const config = { cacheDir: '/nowhere', mode: 'production' } as ResolvedConfig;
    const inputs = Array.from({ length: POOL_THRESHOLD }, (_, i) => ({ route: { output: `p${i}.html` } }) as unknown as DocumentInput);
    let facts = 0;
    await renderOnExecutor(config, true, {} as DocumentJob, inputs, () => {
      facts++;
    });
    expect(facts).toBe(POOL_THRESHOLD);
    expect(events).toEqual(['done', 'closed']);
    await renderOnExecutor(config, true, {} as DocumentJob, inputs, () => undefined);
    expect(start).toHaveBeenCalledTimes(2);
    expect(events).toEqual(['done', 'closed', 'done', 'closed']);
  });
});

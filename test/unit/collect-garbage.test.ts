// collectGarbage() collects this thread's heap now, although Node was started without --expose-gc.
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/executor/collect-garbage.ts';

describe('collectGarbage', () => {
  it('frees what nothing refers to any more', () => {
    collectGarbage();
    let garbage: string[][] | undefined = Array.from({ length: 200 }, (_, i) => Array.from({ length: 1000 }, (_, j) => `${i}:${j}:${'x'.repeat(40)}`));
    const held = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(200);
    garbage = undefined;
    collectGarbage();
    // ~200,000 strings of ~50 characters and their arrays: well over 10 MB.
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(10 * 1024 * 1024);
  });
});

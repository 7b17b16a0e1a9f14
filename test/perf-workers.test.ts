// Rendering on worker threads gives byte-identical output to rendering on the main thread,
// with and without the persistent cache, and in the same order.
import { describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { POOL_THRESHOLD } from '../src/render/render-worker-pool.ts';
import { perfProject } from './perf-project.ts';

describe('render workers', { timeout: 240_000 }, () => {
  it('produce the same site as the main thread', async () => {
    const p = await perfProject(POOL_THRESHOLD + 10);
    const config = resolveConfig({ content: 'content', out: 'dist', root: p.root }, { SOURCE_DATE_EPOCH: '1767225600' }, p.root);
    const run = async (workers: boolean, cache: boolean) => {
      const writer = new MemoryWriter();
      const result = await build(config, { writer, workers, cache });
      expect(result.ok).toBe(true);
      return { files: new Map([...writer.files].map(([k, v]) => [k, String(v)])), order: [...result.state.pages.keys()] };
    };
    const main = await run(false, false);
    const workers = await run(true, false);
    const cached = await run(true, true);
    const warm = await run(true, true);
    expect(main.files.size).toBeGreaterThan(POOL_THRESHOLD);
    for (const other of [workers, cached, warm]) {
      expect(other.files).toEqual(main.files);
      expect(other.order).toEqual(main.order);
    }
  });
});

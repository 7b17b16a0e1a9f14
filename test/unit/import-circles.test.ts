// No import circles in src/: in a circle, which module loads first decides what the others'
// imports hold, and stages the pipeline keeps apart end up tied together. madge reads every
// import, type imports included, as `npx madge --circular --extensions ts,tsx src` does.
import { join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

describe('src/', () => {
  it('has no import circle', async () => {
    const graph = await madge(join(ROOT, 'src'), { fileExtensions: ['ts', 'tsx'] });
    expect(graph.circular()).toEqual([]);
  }, 120_000);
});

// A CLI build (its pages written to disk by the document pass) lets go of every page route's
// props once the pages are rendered: nothing later reads them, and they were most of the build
// thread's heap through the cards stage (docs/performance.md, the peak RSS figures). A build
// to memory (stitch dev, whose body-edit path renders from the last build's routes) keeps them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildState } from '../../src/build.ts';
import { noCaches } from '../../src/cache/cache.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { ROOT } from '../helpers/build-site.ts';

const work = mkdtempSync(join(tmpdir(), 'stitch-props-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const config = { ...resolveConfig({ content: 'test/fixtures/mini', root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT), outDir: join(work, 'dist'), cacheDir: join(work, '.stitch') };

const pageRoutes = (state: BuildState) => [...state.pages.values()].map((p) => p.route);
const withProps = (state: BuildState) => pageRoutes(state).filter((route) => Object.keys(route.props).length > 0);

describe('page props after the render stage', { timeout: 120_000 }, () => {
  it('are let go by a build that writes its pages to disk, and its routes are the pages\'', async () => {
    const result = await build(config, { writer: new IncrementalWriter(config.outDir, config.cacheDir), workers: false, cache: noCaches });
    expect(result.ok, result.state.diagnostics.map((d) => d.message).join('\n')).toBe(true);
    expect(result.state.pages.size).toBeGreaterThan(5);
    expect(withProps(result.state)).toEqual([]);
    const pages = new Set(pageRoutes(result.state));
    expect(result.state.routes.filter((route) => route.type === 'page' && !pages.has(route))).toEqual([]);
  });

  it('are kept by a build to memory (stitch dev renders from them again)', async () => {
    const result = await build(config, { writer: new MemoryWriter({ keyed: true }), workers: false, cache: noCaches });
    expect(result.ok).toBe(true);
    expect(withProps(result.state).length).toBe(result.state.pages.size);
  });
});

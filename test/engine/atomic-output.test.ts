// dist/ is swapped in atomically, untouched by a failed build, and byte-identical across builds.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { contentTree, ROOT } from '../helpers/build-site.ts';
import { runCli } from '../helpers/run-cli.ts';
import { treeSnapshot } from '../helpers/tree-snapshot.ts';

const env = { SOURCE_DATE_EPOCH: '1767225600' };

describe('output', () => {
  it('a failed build leaves the previous dist/ exactly as it was (exit 1)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'stitch-out-')), 'dist');
    expect(runCli(['build', '--content', 'test/fixtures/mini', '--out', out]).code).toBe(0);
    const before = treeSnapshot(out);
    const broken = contentTree({ 'blog/broken.md': '---\ntitle: [unclosed\n---\nx' }, 'test/fixtures/mini');
    const r = runCli(['build', '--content', broken, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('broken.md');
    expect(r.stderr).toContain('is unchanged');
    expect(treeSnapshot(out)).toEqual(before);
    expect(readdirSync(join(out, '..')).filter((n) => n.includes('staging'))).toEqual([]);
  }, 240_000); // a cold `stitch build` also encodes image variants

  it('an interrupted build (abort before commit) leaves the previous dist/ intact', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'stitch-out-')), 'dist');
    const config = resolveConfig({ content: 'test/fixtures/mini', out, root: ROOT }, env, ROOT);
    expect((await build(config, { writer: new IncrementalWriter(out, join(out, '../.stitch')) })).ok).toBe(true);
    const before = treeSnapshot(out);
    const writer = new IncrementalWriter(out, join(out, '../.stitch'));
    await writer.write('index.html', 'half-written');
    await writer.abort();
    expect(treeSnapshot(out)).toEqual(before);
  });

  it('two builds of the same input are byte-identical', async () => {
    const outs = [0, 1].map(() => join(mkdtempSync(join(tmpdir(), 'stitch-out-')), 'dist'));
    for (const out of outs) {
      const config = resolveConfig({ content: 'test/fixtures/mini', out, root: ROOT }, env, ROOT);
      expect((await build(config, { writer: new IncrementalWriter(out, join(out, '../.stitch')) })).ok).toBe(true);
    }
    const [a, b] = outs.map((out) => treeSnapshot(out));
    expect(a.size).toBeGreaterThan(20);
    expect([...a.entries()]).toEqual([...b.entries()]);
  });

  it('SOURCE_DATE_EPOCH sets the build year', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'stitch-out-')), 'dist');
    const config = resolveConfig({ content: 'test/fixtures/mini', out, root: ROOT }, { SOURCE_DATE_EPOCH: String(Date.UTC(2031, 5, 1) / 1000) }, ROOT);
    const { state } = await build(config, { writer: new IncrementalWriter(out, join(out, '../.stitch')) });
    expect(state.layout?.year).toBe(2031);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    writeFileSync(join(out, 'marker'), 'x');
  });
});

describe('CLI usage', () => {
  it('--help lists every command and exits 0', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    for (const cmd of ['build', 'dev', 'check', 'preview']) expect(r.stdout).toContain(cmd);
  });

  it('bad usage exits 2', () => {
    expect(runCli(['build', '--no-such-flag']).code).toBe(2);
    expect(runCli(['frobnicate']).code).toBe(2);
  });
});

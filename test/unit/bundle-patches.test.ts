// The render workers' bundle drops unist-util-visit-parents' visitor naming. The edit must
// match the installed library (an upgrade that changes the code fails here, so the edit is
// looked at again), remove the naming, and leave tree walks working.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { stripVisitorNames, workerBundlePatches } from '../../src/render/bundle-patches.ts';
import { ROOT } from '../helpers/build-site.ts';

describe('worker bundle patches', () => {
  it('match the installed unist-util-visit-parents and drop only its visitor naming', () => {
    const source = readFileSync(join(ROOT, 'node_modules/unist-util-visit-parents/lib/index.js'), 'utf8');
    const { code, applied } = stripVisitorNames(source);
    expect(applied).toBe(true);
    expect(source).toContain("Object.defineProperty(visit, 'name'");
    expect(code).not.toContain("Object.defineProperty(visit, 'name'");
    expect(source.length - code.length).toBeLessThan(200);
  });

  it('give a bundle whose tree walks visit every node in order, without naming visitors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stitch-patches-'));
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, `import { visitParents } from 'unist-util-visit-parents';
export function walk(tree) {
  const seen = [];
  visitParents(tree, (node, parents) => { seen.push(node.type + parents.length); });
  return seen;
}
export { visitParents };
`);
    const out = join(dir, 'out.mjs');
    await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: out, plugins: [workerBundlePatches], nodePaths: [join(ROOT, 'node_modules')], logLevel: 'silent' });
    expect(readFileSync(out, 'utf8')).toContain('visitParents');
    expect(readFileSync(out, 'utf8')).not.toMatch(/defineProperty\(visit\d*, ["']name["']/);
    const { walk } = await import(pathToFileURL(out).href) as { walk: (tree: unknown) => string[] };
    expect(walk({ type: 'root', children: [{ type: 'a', children: [{ type: 'b' }] }, { type: 'c' }] })).toEqual(['root0', 'a1', 'b2', 'c1']);
  });

  it('leave other code alone', () => {
    expect(stripVisitorNames('export const x = 1;')).toEqual({ code: 'export const x = 1;', applied: false });
  });
});

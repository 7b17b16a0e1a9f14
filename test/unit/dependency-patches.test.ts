// The one edit of a dependency's code: patches/unist-util-visit-parents+*.patch, applied at
// install by patch-package (`postinstall`). It drops the visitor naming that serves stack
// traces only (measured: ~15% of the Markdown CPU, docs/performance.md). These tests pin it:
// an upgrade of the library (the patch names the version it was made for) or an install that
// did not apply it fails here, so the patch is looked at again, never silently lost.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { visitParents } from 'unist-util-visit-parents';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

const patches = readdirSync(join(ROOT, 'patches')).filter((name) => name.endsWith('.patch'));
const installed = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('dependency patches', () => {
  it('are applied at install', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.postinstall).toMatch(/\bpatch-package\b/);
  });

  it('each match the installed version of their package', () => {
    expect(patches).toContain(`unist-util-visit-parents+${installed('unist-util-visit-parents')}.patch`);
    for (const patch of patches) {
      const [, name, version] = /^(.+)\+([^+]+)\.patch$/.exec(patch)!;
      expect(installed(name.replace('+', '/')), patch).toBe(version);
    }
  });

  it('unist-util-visit-parents: visitors are not named, and tree walks still visit every node in order', () => {
    const source = readFileSync(join(ROOT, 'node_modules/unist-util-visit-parents/lib/index.js'), 'utf8');
    expect(source).not.toContain("Object.defineProperty(visit, 'name'");
    const seen: string[] = [];
    visitParents({ type: 'root', children: [{ type: 'a', children: [{ type: 'b' }] }, { type: 'c' }] } as never, (node: { type: string }, parents: unknown[]) => {
      seen.push(node.type + parents.length);
    });
    expect(seen).toEqual(['root0', 'a1', 'b2', 'c1']);
  });
});

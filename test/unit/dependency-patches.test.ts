// The edits of dependencies' code, applied at install by patch-package (`postinstall`):
// patches/unist-util-visit-parents+*.patch drops the visitor naming that serves stack traces
// only (measured: ~15% of the Markdown CPU); patches/mdast-util-from-markdown+*.patch gives the
// compiler's handlers one context object instead of a spread copy per micromark event (~20% of
// the parse's CPU; docs/performance.md, "Optimisations kept"); patches/chokidar+*.patch
// keeps the dev watcher from listing a folder again (lstat of every file in it) when a file in it
// only changed (~300 ms of CPU per edit at 4,000 posts). These tests pin them:
// an upgrade of the library (the patch names the version it was made for) or an install that
// did not apply it fails here, so the patch is looked at again, never silently lost.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visitParents } from 'unist-util-visit-parents';
import { describe, expect, it } from 'vitest';
import { engineVersion, engineVersionOf } from '../../src/cache/engine-version.ts';
import { ROOT } from '../helpers/build-site.ts';

const patches = readdirSync(join(ROOT, 'patches')).filter((name) => name.endsWith('.patch'));
const installed = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('dependency patches', () => {
  it('are applied at install', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    // scripts/postinstall.mjs runs patch-package (and steps aside when it is not installed: test/install-state.test.ts).
    expect(scripts.postinstall).toBe('node scripts/postinstall.mjs');
    expect(readFileSync(join(ROOT, 'scripts/postinstall.mjs'), 'utf8')).toMatch(/resolve\('patch-package\/index\.js'\)/);
  });

  it('are part of the engine version that keys every cache, as the engine\'s source and every installed package are', () => {
    // A patch that changed the HTML must not be served stale from the cache.
    const root = mkdtempSync(join(tmpdir(), 'stitch-engine-'));
    const write = (name: string, text: string) => {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text);
    };
    write('package.json', '{"version":"1.0.0"}');
    write('src/cache/a.ts', 'export {};');
    write('node_modules/.package-lock.json', '{"packages":{"node_modules/x":{"version":"1.0.0"}}}');
    write('patches/x+1.0.0.patch', 'one');
    const versions = new Set([engineVersionOf(root), engineVersionOf(root)]);
    expect(versions.size).toBe(1);
    const changes: [string, string][] = [
      ['patches/x+1.0.0.patch', 'two'], ['patches/y+2.0.0.patch', 'new'],
      ['node_modules/.package-lock.json', '{"packages":{"node_modules/x":{"version":"1.0.1"}}}'],
      ['src/cache/a.ts', 'export const a = 1;'], ['package.json', '{"version":"1.0.1"}'],
    ];
    for (const [name, text] of changes) {
      write(name, text);
      versions.add(engineVersionOf(root));
    }
    expect(versions.size).toBe(1 + changes.length);
    // A change to package.json's scripts shapes no output: every cache stays.
    const before = engineVersionOf(root);
    write('package.json', '{"version":"1.0.1","scripts":{"test":"vitest"}}');
    expect(engineVersionOf(root)).toBe(before);
    expect(engineVersion).toBe(engineVersionOf(ROOT));
  });

  it('each match the installed version of their package', () => {
    expect(patches).toContain(`unist-util-visit-parents+${installed('unist-util-visit-parents')}.patch`);
    expect(patches).toContain(`mdast-util-from-markdown+${installed('mdast-util-from-markdown')}.patch`);
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

  it('chokidar: a folder is listed again when its files come or go, not when one of them changes', () => {
    const source = readFileSync(join(ROOT, 'node_modules/chokidar/handler.js'), 'utf8');
    expect(source).toContain("listener(path, undefined, { rawEvent, evPath })");
    expect(source).toMatch(/raw\.rawEvent === 'change' && raw\.evPath && raw\.evPath !== sp\.basename\(dirPath\)\)\s*return;\s*this\._handleRead/);
  });

  it('mdast-util-from-markdown: one handler context, and every handler still slices its own event', () => {
    for (const file of ['lib/index.js', 'dev/lib/index.js']) {
      const source = readFileSync(join(ROOT, 'node_modules/mdast-util-from-markdown', file), 'utf8');
      expect(source, file).toContain('handlerContext.sliceSerialize = events[index][2].sliceSerialize');
      expect(source, file).not.toMatch(/\.\.\.context,\s*sliceSerialize: events/);
    }
    // The context is shared now: each handler must still see its own event's tokenizer (the
    // document's, or the nested one of a paragraph's text, a heading's, a link's…).
    const doc = '# Title *em*\n\n> quote [link](https://a.example "t") `code`\n\n- one\n- two **strong**\n\n```js\nlet a = 1;\n```\n';
    const slices: [string, string][] = [];
    // Containers (quotes, lists) are left out: their slice was never the raw text, patch or not.
    const containers = new Set(['blockQuote', 'listOrdered', 'listUnordered', 'listItem']);
    const record = function (this: { sliceSerialize: (t: unknown) => string }, token: { type: string; start: { offset: number }; end: { offset: number } }) {
      if (!containers.has(token.type)) slices.push([this.sliceSerialize(token), doc.slice(token.start.offset, token.end.offset)]);
    };
    const tree = fromMarkdown(doc, { mdastExtensions: [{ beforeEnter: record, afterExit: record } as never] });
    expect(slices.length).toBeGreaterThan(100);
    for (const [sliced, expected] of slices) expect(sliced).toBe(expected);
    expect(JSON.stringify(tree)).toContain('"url":"https://a.example"');
    expect(JSON.stringify(tree)).toContain('"title":"t"');
  });
});

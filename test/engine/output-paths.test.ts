// No path from content can leave the output folder: a redirect `from` that climbs out (plainly
// or encoded) is a content error at its line in check and build, and every writer refuses an
// output path outside its root whatever the content stage let through.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StitchError } from '../../src/errors/diagnostic.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { MemoryWriter, type Writer } from '../../src/output/writer.ts';
import { contentTree } from '../helpers/build-site.ts';
import { checkReport, runCli } from '../helpers/run-cli.ts';

const escaping = ['/../../victim', '/blog/../../victim', '/%2e%2e/%2E%2E/victim', '/a\\..\\..\\victim', '/a%2f..%2fvictim', '/nul\u0000/x', '/./x'];

describe('a redirect `from` that leaves the site', () => {
  const yaml = `redirects:\n  - { from: /team, to: /about }\n${escaping.map((from) => `  - { from: ${JSON.stringify(from)}, to: /about }\n`).join('')}`;

  it('is a content error at its line in check (exit 1)', async () => {
    const dir = contentTree({ 'redirects.yaml': yaml }, 'test/fixtures/mini');
    const { code, diagnostics } = await checkReport(dir);
    expect(code).toBe(1);
    const found = diagnostics.filter((d) => d.field?.endsWith('.from'));
    expect(found.map((d) => [d.code, d.line, d.field])).toEqual(escaping.map((_, i) => ['ContentSchemaError', 3 + i, `redirects[${i + 1}].from`]));
    expect(found[0].file).toMatch(/redirects\.yaml$/);
    expect(found[0].message).toContain('".."');
  }, 120_000);

  it('fails the build (exit 1) and writes nothing outside the output folder', () => {
    const dir = contentTree({ 'redirects.yaml': 'redirects:\n  - { from: /../../victim, to: /about }\n' }, 'test/fixtures/mini');
    const outParent = mkdtempSync(join(tmpdir(), 'stitch-victim-'));
    const out = join(outParent, 'a/b/dist');
    const r = runCli(['build', '--content', dir, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/redirects\.yaml:2:\d+ error .*".."/);
    expect(readdirSync(outParent)).toEqual([]);
  }, 240_000);
});

describe('writers refuse a path outside the output folder', () => {
  const root = () => join(mkdtempSync(join(tmpdir(), 'stitch-writer-')), 'dist');
  const writers: [string, (out: string) => Writer][] = [
    ['IncrementalWriter', (out) => new IncrementalWriter(out, join(out, '../.stitch'))],
    ['MemoryWriter', () => new MemoryWriter()],
  ];
  for (const [name, make] of writers) {
    it(name, async () => {
      const out = root();
      const writer = make(out);
      for (const path of ['../victim/index.html', '../../victim.html', '/etc/victim', 'a/../../victim', 'a\\..\\victim', 'x\u0000y']) {
        await expect(writer.write(path, 'x'), path).rejects.toBeInstanceOf(StitchError);
        await expect(writer.copy(path, import.meta.filename), path).rejects.toBeInstanceOf(StitchError);
      }
      await writer.write('ok/index.html', 'fine');
      await writer.commit();
      expect(existsSync(join(out, '../victim'))).toBe(false);
      expect(existsSync(join(out, '../../victim.html'))).toBe(false);
    });
  }
});

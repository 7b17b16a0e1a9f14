// A redirect whose `from` is a file the build writes (a feed, the sitemap, a host file, an asset,
// a social card, anything under /assets/) is a content error at its line in redirects.yaml, in
// check and build alike (issue 25, item 2); build used to crash with EEXIST/EISDIR and check passed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentTree } from '../helpers/build-site.ts';
import { checkReport, runCli } from '../helpers/run-cli.ts';

const OVER_FILES = [
  '/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json', '/sitemap.xml', '/robots.txt', '/_redirects', '/_headers',
  '/favicon.svg', '/images/logo.png', '/cards/blog/first-post.png', '/assets/islands/old-entry.js', '/404.html', '/images/logo.png/old',
];
// Line 1 is `redirects:`; each rule on its own line after it; the last one is fine.
const REDIRECTS = `redirects:\n${OVER_FILES.map((from) => `  - { from: ${from}, to: /about }`).join('\n')}\n  - { from: /team, to: /about }\n`;
let dir: string;

beforeAll(() => {
  dir = contentTree({ 'redirects.yaml': REDIRECTS }, 'test/fixtures/mini');
});

describe('redirects over files of the output', () => {
  it('check: an error at the line of each', async () => {
    const { code, diagnostics } = await checkReport(dir);
    expect(code).toBe(1);
    const found = diagnostics.filter((d) => d.code === 'RedirectOverFileError');
    expect(found.map((d) => d.line)).toEqual(OVER_FILES.map((_, i) => i + 2));
    for (const d of found) expect(d.file).toMatch(/redirects\.yaml$/);
    expect(found[0].message).toContain('Redirect from "/blog/rss.xml" collides with the file "/blog/rss.xml"');
    expect(found.at(-1)!.message).toContain('collides with the file "/images/logo.png"');
    expect(diagnostics.filter((d) => d.severity === 'error' && d.code !== 'RedirectOverFileError')).toEqual([]);
  }, 120_000);

  it('build: the same errors, exit 1, no crash', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'stitch-redirect-out-')), 'dist');
    const r = runCli(['build', '--content', dir, '--out', out]);
    expect(r.code).toBe(1);
    for (const [i, from] of OVER_FILES.entries()) expect(r.stderr).toMatch(new RegExp(`redirects\\.yaml:${i + 2}:\\d+ error Redirect from "${from}" collides`));
    expect(r.stderr).not.toContain('InternalError');
    expect(r.stderr).not.toMatch(/EEXIST|EISDIR|ENOTDIR/);
  }, 120_000);
});

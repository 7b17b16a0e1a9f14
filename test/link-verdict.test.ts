// The link check's verdict is kept between builds (check/link-verdict.ts) only while nothing it
// reads changes: a build that changes a route, a redirect or where a Markdown body starts in its
// file must check again, never report the last build's findings.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { FileCaches } from '../src/cache/file-cache.ts';
import { verdictKey, verdictKind } from '../src/check/link-verdict.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { contentTree, ROOT } from './helpers/build-site.ts';

async function project() {
  const content = contentTree({}, 'content');
  const config = resolveConfig({ content, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT);
  const caches = new FileCaches(mkdtempSync(join(tmpdir(), 'stitch-verdict-')), 'content', { memory: true });
  const run = async () => {
    const result = await build(config, { writer: new MemoryWriter({ keyed: true }), links: true, cache: caches, workers: false });
    return { ...result, codes: result.state.diagnostics.map((d) => `${d.code} ${d.file ?? ''}:${d.line ?? ''}`) };
  };
  return { content, caches, run };
}

describe('the link verdict', { timeout: 120_000 }, () => {
  it('is reused by a build in which nothing it reads changed', async () => {
    const p = await project();
    const first = await p.run();
    const links = await p.caches.open(verdictKind());
    links.set(verdictKey(first.state)!, { diagnostics: [{ severity: 'warning', code: 'KeptVerdict', title: 'Kept verdict', message: 'the kept verdict' }], read: [] });
    expect((await p.run()).codes).toContain('KeptVerdict :');
  });

  it('is made again when a redirect turns a broken link into a link through a redirect', async () => {
    const p = await project();
    const post = join(p.content, 'blog', 'benefits-custom-automotive-upholstery.md');
    appendFileSync(post, '\nSee [our old page](/old-page).\n');
    expect((await p.run()).codes.some((c) => c.startsWith('BrokenLinkError'))).toBe(true);
    appendFileSync(join(p.content, 'redirects.yaml'), '  - { from: /old-page/*, to: /about, note: "test" }\n');
    const codes = (await p.run()).codes;
    expect(codes.some((c) => c.startsWith('BrokenLinkError'))).toBe(false);
    expect(codes.some((c) => c.startsWith('LinkToRedirectError') || c.startsWith('LinkToRedirectWarning'))).toBe(true);
  });

  it('is made again when the line of a finding moves (a line added to the front matter)', async () => {
    const p = await project();
    const file = join(p.content, 'pages', 'privacy.md');
    // The shipped content has no insecure link: the test brings its own.
    appendFileSync(file, '\nThe old notice: [archived](http://example.com/privacy).\n');
    const insecure = (codes: string[]) => codes.filter((c) => c.startsWith('InsecureLinkWarning') && c.includes('privacy.md'));
    const before = insecure((await p.run()).codes);
    expect(before.length).toBeGreaterThan(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Privacy Policy\n', 'title: Privacy Policy\n# reviewed\n'));
    const after = insecure((await p.run()).codes);
    expect(after).not.toEqual(before);
    expect(after.map((c) => Number(c.split(':').pop()))).toEqual(before.map((c) => Number(c.split(':').pop()) + 1));
  });
});

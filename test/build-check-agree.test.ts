// One rule set: `stitch build` and `stitch check` give the same exit code on the same content.
// Each case once broke the agreement: build exited 0 on a link to a missing page and on a
// `javascript:` site url, check missed the page-weight budget build enforced, and a bad
// SITE_URL or a YAML alias bomb came out as an internal error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTree, fixtureFiles } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';

const mini = fixtureFiles('mini');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Words in an order gzip cannot shrink much: a page far over the 50 KB HTML budget. */
function hugeBody(bytes: number): string {
  const words = ['leather', 'seat', 'foam', 'stitch', 'vinyl', 'frame', 'cushion', 'dye', 'piping', 'welt', 'tack', 'spring'];
  let seed = 7;
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const word = `${words[seed % words.length]}${seed % 997}`;
    out.push(word);
    size += word.length + 1;
  }
  return out.join(' ');
}

function post(body: string): string {
  return `---\ntitle: A Case\ndescription: A post made for the build and check agreement test of stitch.\ndate: 2025-10-01\nauthor: The Shop Team\ntags: [leather]\n---\n${body}\n`;
}

const CASES: { name: string; files: Record<string, string>; env?: Record<string, string>; code: string }[] = [
  { name: 'a link to a missing page', files: { 'blog/case.md': post('See [the missing page](/blog/no-such-post).') }, code: 'BrokenLinkError' },
  { name: 'a link to a missing #fragment', files: { 'blog/case.md': post('See [the team](/about#no-such-id).') }, code: 'BrokenFragmentError' },
  { name: 'a javascript: url in site.yaml', files: { 'site.yaml': mini['site.yaml'].replace(/^url: .*$/m, 'url: "javascript:alert(1)"') }, code: 'ContentSchemaError' },
  { name: 'a post over the page-weight budget', files: { 'blog/case.md': post(hugeBody(600_000)) }, code: 'BudgetExceededError' },
  { name: 'a bad SITE_URL', files: {}, env: { SITE_URL: 'not a url' }, code: 'InvalidSiteUrlError' },
  { name: 'a link to a draft post', files: { 'blog/case.md': post('See [the draft](/blog/draft-case).'), 'blog/draft-case.md': post('Not ready.').replace('tags:', 'draft: true\ntags:') }, code: 'LinkToUnpublishedPostError' },
  { name: 'a YAML alias bomb in front matter', files: { 'blog/case.md': post('x').replace('---\n', '---\na: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n') }, code: 'YamlAliasLimitError' },
];

describe('build and check agree', () => {
  it('the mini fixture passes both', () => {
    const dir = contentTree(mini);
    dirs.push(dir);
    const out = mkdtempSync(join(tmpdir(), 'stitch-agree-out-'));
    dirs.push(out);
    expect(runCli(['build', '--content', dir, '--out', join(out, 'dist')]).code).toBe(0);
    expect(runCli(['check', '--content', dir]).code).toBe(0);
  }, 120_000);

  for (const c of CASES) {
    it(`give the same exit code (1) on ${c.name}`, () => {
      const dir = contentTree({ ...mini, ...c.files });
      dirs.push(dir);
      const out = mkdtempSync(join(tmpdir(), 'stitch-agree-out-'));
      dirs.push(out);
      const built = runCli(['build', '--content', dir, '--out', join(out, 'dist')], c.env);
      const checked = runCli(['check', '--content', dir, '--format', 'json'], c.env);
      expect({ build: built.code, check: checked.code }, built.stderr + checked.stdout).toEqual({ build: 1, check: 1 });
      expect(built.stderr).toContain(c.code);
      expect(JSON.parse(checked.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain(c.code);
      expect(built.stderr + checked.stdout).not.toContain('probably a bug');
    }, 120_000);
  }
});

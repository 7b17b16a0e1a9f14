// `stitch check` as editors and CI run it: the three output formats and the exit codes, through
// the real CLI in a child process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentTree, fixtureFiles, ROOT } from './helpers/build-site.ts';
import { runCli, type CliResult } from './helpers/run-cli.ts';

// The real content folder, resolved: when a checkout links content/ elsewhere, contentTree()
// must copy the files, not the link, or the fixtures would be written into the real content.
const REAL_CONTENT = realpathSync(join(ROOT, 'content'));

const fixture = fixtureFiles;

let broken: string;
const runs: Record<string, CliResult> = {};

beforeAll(() => {
  broken = contentTree(fixture('check-errors'), REAL_CONTENT);
  runs.text = runCli(['check', '--content', broken]);
  runs.json = runCli(['check', '--content', broken, '--format', 'json']);
  runs.github = runCli(['check', '--content', broken, '--format', 'github']);
  runs.real = runCli(['check']);
  // The real content has no warnings (test/warnings-agree.test.ts): a small tree with one.
  const warned = contentTree({ 'blog/warned.md': '---\ntitle: Warned\ndescription: Too short.\ndate: 2025-10-01\nauthor: The Shop Team\ntags: [leather]\n---\nText.\n' }, 'test/fixtures/mini');
  runs.strict = runCli(['check', '--strict', '--format', 'json', '--content', warned]);
}, 300_000);

describe('--format text (default)', () => {
  it('groups by file, gives file:line:column, the code frame, the hint and a summary line', () => {
    const out = runs.text.stdout;
    const file = join(broken, 'blog/check-broken-post.md');
    expect(out).toContain(`${file}\n`);
    expect(out).toContain(`  ${file}:12:3 error Link to "/blog/no-such-post" on /blog/check-broken-post`);
    expect(out).toContain('> 12 | A [link to a missing page](/blog/no-such-post) is an error.');
    expect(out).toContain('hint:');
    expect(out).toMatch(/\n\d+ errors?, \d+ warnings?\n/);
    expect(out).not.toContain('\x1b['); // no colours when stdout is not a terminal
  });
});

describe('--format json', () => {
  it('has the documented, stable shape', () => {
    const report = JSON.parse(runs.json.stdout);
    expect(Object.keys(report)).toEqual(['version', 'errors', 'warnings', 'diagnostics']);
    expect(report.version).toBe(1);
    expect(report.errors).toBe(report.diagnostics.filter((d: { severity: string }) => d.severity === 'error').length);
    expect(report.warnings).toBe(report.diagnostics.length - report.errors);
    for (const d of report.diagnostics) {
      expect(Object.keys(d)).toEqual(['code', 'severity', 'title', 'message', 'hint', 'file', 'line', 'column', 'field']);
    }
    expect(report.diagnostics).toContainEqual(expect.objectContaining({
      code: 'BrokenLinkError', severity: 'error', file: join(broken, 'blog/check-broken-post.md'), line: 12, column: 3,
    }));
  });
});

describe('--format github', () => {
  it('prints one workflow annotation per diagnostic', () => {
    const lines = runs.github.stdout.trim().split('\n');
    const report = JSON.parse(runs.json.stdout);
    expect(lines).toHaveLength(report.diagnostics.length);
    for (const line of lines) expect(line).toMatch(/^::(error|warning) (file=[^,]+,line=\d+,(col=\d+,)?)?title=[^:]+::.+/);
    expect(lines).toContainEqual(expect.stringMatching(/^::error file=.*check-broken-post\.md,line=12,col=3,title=Broken link::Link to "\/blog\/no-such-post"/));
  });
});

describe('exit codes', () => {
  it('1 when there are errors', () => {
    for (const run of [runs.text, runs.json, runs.github]) expect(run.code).toBe(1);
  });

  it('0 on the real content: no errors', () => {
    expect(runs.real.stdout).toMatch(/\b0 errors, \d+ warnings?\n/);
    expect(runs.real.code).toBe(0);
  });

  it('--strict turns warnings into errors: 1', () => {
    const report = JSON.parse(runs.strict.stdout);
    expect(report.warnings).toBe(0);
    expect(report.errors).toBeGreaterThan(0);
    expect(runs.strict.code).toBe(1);
  });

  it('2 on bad usage', () => {
    const r = runCli(['check', '--format', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('expected text, json or github');
  });
});

describe('rendering', () => {
  it("renders the pages with React's production build, as build does, when NODE_ENV is not set", () => {
    // A preload that reports, as the process exits, which of React's builds ran (Node's ES module
    // loader also lists the other build's file in require.cache, never loaded: `loaded` tells).
    const dir = mkdtempSync(join(tmpdir(), 'stitch-check-react-'));
    const probe = join(dir, 'probe.mjs');
    const report = join(dir, 'report.json');
    writeFileSync(probe, `import { writeFileSync } from 'node:fs';\nimport { createRequire } from 'node:module';\nprocess.on('exit', () => { const cache = createRequire(import.meta.url).cache; writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(cache).filter((f) => cache[f].loaded && /\\/react-dom\\/cjs\\/react-dom-server/.test(f)).map((f) => f.replace(/.*\\/cjs\\//, '')))); });\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: `--import=${pathToFileURL(probe).href}`, SOURCE_DATE_EPOCH: '1767225600' };
    delete env.NODE_ENV; // vitest sets it to "test"
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), 'check'], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const servers = JSON.parse(readFileSync(report, 'utf8')) as string[];
    expect(servers.length).toBeGreaterThan(0);
    expect(servers.filter((f) => !f.includes('.production.'))).toEqual([]);
  }, 120_000);
});

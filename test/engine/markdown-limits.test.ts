// A post whose Markdown would take minutes or gigabytes to render (thousands of `*` around one
// letter: 15 s at 8,000 and 216 s at 25,000 before the limits; 10,000 list levels on one line:
// 100 s; megabytes of nested list markers: 2 GB) is a MarkdownError naming its file and the
// limit it hit, within the time limit; the rest of the build goes on reporting (`check` names a
// broken link in another post too) and `build` leaves dist/ as it was. A small site renders on its own
// thread, which nothing can stop: such a body goes to a worker (markdown/fits-inline.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { perfProject, syntheticPost, type PerfProject } from '../perf-project.ts';
import { treeSnapshot } from '../helpers/tree-snapshot.ts';
import { runCli, type JsonDiagnostic } from '../helpers/run-cli.ts';

const bodies = {
  stars: `${'*'.repeat(25_000)}x${'*'.repeat(25_000)}`,
  lists: `${'- '.repeat(10_000)}x`,
  // 10 MB of list markers: far past a worker's heap before its time is up.
  huge: `${'- '.repeat(5_000_000)}x`,
};

describe('Markdown over its time or memory limit', { timeout: 240_000 }, () => {
  let p: PerfProject;
  let before: ReturnType<typeof treeSnapshot>;
  let build: ReturnType<PerfProject['build']>;
  beforeAll(async () => {
    p = await perfProject(3);
    expect(p.build().code).toBe(0);
    before = treeSnapshot(p.out);
    for (const [name, body] of Object.entries(bodies)) p.write(`content/blog/${name}.md`, syntheticPost(1).replace(/## Section[^]*$/, body));
    p.write('content/blog/synthetic-0002.md', syntheticPost(2, '[gone](/no-such-page)'));
    build = p.build();
  });

  it('fails the build with a MarkdownError per file, naming the limit; dist/ untouched', () => {
    const report = build.stdout + build.stderr;
    expect(build.code, report).toBe(1);
    const lineOf = (file: string) => report.split('\n').find((l) => l.includes(file) && l.includes('[MarkdownError]')) ?? '';
    expect(lineOf('content/blog/stars.md'), report).toMatch(/time limit/);
    expect(lineOf('content/blog/lists.md'), report).toMatch(/time limit/);
    expect(lineOf('content/blog/huge.md'), report).toMatch(/memory|time limit/);
    expect(treeSnapshot(p.out)).toEqual(before);
  });

  it('check reports every error at once', () => {
    const r = runCli(['check', '--content', 'content', '--format', 'json'], {}, p.root);
    const { diagnostics } = JSON.parse(r.stdout) as { diagnostics: JsonDiagnostic[] };
    const markdown = diagnostics.filter((d) => d.code === 'MarkdownError').map((d) => d.file?.replace(/^.*content\//, 'content/')).sort();
    expect(markdown).toEqual(['content/blog/huge.md', 'content/blog/lists.md', 'content/blog/stars.md']);
    expect(diagnostics.some((d) => d.code === 'BrokenLinkError' && d.message.includes('/no-such-page'))).toBe(true);
    expect(r.code).toBe(1);
  });
});

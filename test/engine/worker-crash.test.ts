// A render worker that dies (a template calls process.exit, or runs the worker out of heap)
// fails the pages it held with a diagnostic naming their files; the build exits 1 and leaves
// the previous output as it was. It must not hang: the vitest timeout is the guard.
import { describe, expect, it } from 'vitest';
import { POOL_THRESHOLD } from '../../src/executor/executor.ts';
import { perfProject, templatesSource } from '../perf-project.ts';
import { treeSnapshot } from '../helpers/tree-snapshot.ts';

/** The perf project's templates, with `crash` run when the page of synthetic post 7 renders. */
function crashingTemplates(crash: string): string {
  return templatesSource('MARK-1').replace('const post = props.post;', `const post = props.post;\n  if (post?.slug === 'synthetic-0007') { ${crash} }`);
}

describe('a render worker that dies', { timeout: 240_000 }, () => {
  it.each([
    ['exits', 'process.exit(3);', /exit/],
    // 8 MB at a time: the heap fills well within a document's time limit, even on a loaded machine.
    ['runs out of heap', 'const hoard = []; for (;;) hoard.push(new Array(1000000).fill(1.5));', /memory/],
  ])('%s: the build fails with a diagnostic naming the file, and dist/ is untouched', async (_, crash, cause) => {
    const p = await perfProject(POOL_THRESHOLD + 10);
    expect(p.build().code).toBe(0);
    const before = treeSnapshot(p.out);
    p.write('templates/index.ts', crashingTemplates(crash));
    const result = p.build();
    expect(result.code).toBe(1);
    const report = result.stdout + result.stderr;
    const line = report.split('\n').find((l) => l.includes('content/blog/synthetic-0007.md') && l.includes('[WorkerError]'));
    expect(line, report).toMatch(cause);
    expect(treeSnapshot(p.out)).toEqual(before);
  });
});

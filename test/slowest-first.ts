// The order vitest starts the test files in: the slowest first (measured in CI), so that no long
// file starts last and keeps one core busy alone at the end of the run. vitest does this itself
// from the durations of earlier runs, but a fresh clone has none and gets the largest files first.
// A file missing from the list, or a list out of date, costs time at the end, never a result.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first (seconds in CI, two files at a time, b386ba1 and this branch). */
const SLOWEST = [
  'test/browser/csp.test.ts', // 78
  'test/content-fuzz.test.ts', // 64
  'test/browser/widgets.test.ts', // 63
  'test/build-check-agree.test.ts', // 53
  'test/browser/axe.test.ts', // 51
  'test/browser/quote.test.ts', // 50
  'test/drafts.test.ts', // 41
  'test/engine/engine-bundle.test.ts', // 40
  'test/perf-cache.test.ts', // 38
  'test/engine/equivalence.test.ts', // 50 before its fresh builds left the pool: ~35
  'test/engine/markdown-limits.test.ts', // 34
  'test/check-cli.test.ts', // 31
  'test/browser/layout-stability.test.ts', // 28
  'test/perf-workers.test.ts', // 28
  'test/damaged-store.test.ts', // 27
  'test/browser/blog-listing.test.ts', // 25
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.indexOf(relative(file.project.config.root, file.moduleId));
      return at === -1 ? SLOWEST.length : at;
    };
    // Array sort is stable: the files not listed keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// The order vitest starts the test files in: the slowest first (measured in CI), so that no long
// file starts last and keeps one core busy alone at the end of the run. vitest does this itself
// from the durations of earlier runs, but a fresh clone has none and gets the largest files first.
// A file missing from the list, or a list out of date, costs time at the end, never a result.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest first (seconds in CI, two files at a time, 9d2570b). The browser files are not listed:
 * they run one at a time after the others (vitest.config.ts).
 */
const SLOWEST = [
  'test/content-fuzz.test.ts', // 108
  'test/build-check-agree.test.ts', // 80
  'test/drafts.test.ts', // 62
  'test/perf-cache.test.ts', // 46
  'test/engine/equivalence.test.ts', // 45
  'test/check-cli.test.ts', // 42
  'test/engine/engine-bundle.test.ts', // 41
  'test/engine/markdown-limits.test.ts', // 40
  'test/perf-workers.test.ts', // 40
  'test/damaged-store.test.ts', // 37
  'test/check-rules.test.ts', // 29
  'test/dev-server.test.ts', // 22
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

// The order vitest starts the test files in: the slowest first (measured in CI), so that no long
// file starts last and keeps one core busy alone at the end of the run. vitest does this itself
// from the durations of earlier runs, but a fresh clone has none and gets the largest files first.
// A file missing from the list, or a list out of date, costs time at the end, never a result.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds in CI (6caa01d's run; a file not listed counts 3). The browser files take turns
 * (vitest.config.ts), so they are spread among the others: each lane, browser and other, gets
 * its slowest files first, and the next file is taken from the lane that has used less time.
 */
const SECONDS: Record<string, number> = {
  'test/browser/csp.test.ts': 74,
  'test/browser/axe.test.ts': 59,
  'test/browser/widgets.test.ts': 57,
  'test/browser/quote.test.ts': 43,
  'test/browser/layout-stability.test.ts': 27,
  'test/browser/blog-listing.test.ts': 21,
  'test/browser/header.test.ts': 20,
  'test/browser/blog-large.test.ts': 13,
  'test/browser/island-loading.test.ts': 10,
  'test/build-check-agree.test.ts': 50,
  'test/content-fuzz.test.ts': 44,
  'test/engine/equivalence.test.ts': 39,
  'test/drafts.test.ts': 33,
  'test/perf-cache.test.ts': 32,
  'test/engine/markdown-limits.test.ts': 32,
  'test/engine/engine-bundle.test.ts': 32,
  'test/damaged-store.test.ts': 27,
  'test/check-cli.test.ts': 27,
  'test/perf-workers.test.ts': 23,
  'test/dev-server.test.ts': 22,
  'test/unknown-fields.test.ts': 18,
  'test/warnings-agree.test.ts': 17,
  'test/dev-rebuild-reuse.test.ts': 17,
  'test/engine/worker-crash.test.ts': 15,
  'test/dev-browser.test.ts': 14,
  'test/html-validate.test.ts': 13,
  'test/social-cards.test.ts': 12,
  'test/engine/output-crash.test.ts': 12,
  'test/check-rules.test.ts': 11,
};

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => SECONDS[relative(file.project.config.root, file.moduleId)] ?? 3;
    // Array sort is stable: the files not listed keep vitest's own order.
    const lanes = [[], []] as TestSpecification[][];
    for (const file of (await super.sort(files)).sort((a, b) => seconds(b) - seconds(a))) {
      lanes[file.project.name === 'browser' ? 0 : 1].push(file);
    }
    const [browser, other] = lanes;
    const order: TestSpecification[] = [];
    let browserTime = 0;
    let otherTime = 0;
    while (browser.length + other.length > 0) {
      const fromBrowser = browser.length > 0 && (browserTime <= otherTime || other.length === 0);
      const file = (fromBrowser ? browser : other).shift()!;
      if (fromBrowser) browserTime += seconds(file);
      else otherTime += seconds(file);
      order.push(file);
    }
    return order;
  }
}

import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/slowest-first.ts';

// The tests' temporary folders (projects, outputs, browser profiles: ~0.8 GB a run) all go into
// one folder of this run, which test/global-setup.ts removes when the run ends.
// Open to every user as /tmp is: some tests run the CLI as another user (write-errors.test.ts).
const runTmp = (process.env.STITCH_TEST_TMP ??= mkdtempSync(join(tmpdir(), 'stitch-tests-')));
chmodSync(runTmp, 0o1777);

const BROWSER_FILES = 'test/browser/**/*.test.ts';

/** What both projects below run with. */
const shared = {
  // Byte arrays compared by their bytes at once (see the file).
  setupFiles: ['test/setup-equality.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Dates are calendar dates; pin a far time zone so a hidden dependency on it shows up.
  // React's production build, as every stitch command renders with (cli/main.ts); vitest's
  // default "test" picks the development build, several times slower, here and in the CLIs
  // the tests start.
  env: { TZ: 'Pacific/Kiritimati', TMPDIR: runTmp, NODE_ENV: 'production' },
  pool: 'forks' as const,
  // GitHub's workflow parser (test/helpers/workflow-runs.ts) imports its schema, a JSON file,
  // without the import attribute Node requires: vite loads it instead.
  server: { deps: { inline: ['@actions/workflow-parser'] } },
};

/** The tests' own JSX for React's production build too (its development runtime is not there then). */
const oxc = { jsx: { development: false } };

export default defineConfig({
  test: {
    // The real content's photo variants, encoded once for every test file (see the file).
    globalSetup: ['test/global-setup.ts'],
    // Two files at a time. The browser files take turns (test/browser/harness.ts: the run's hook
    // port), so one of them runs beside another file: Chromium leaves most of a second core idle,
    // and two browser files side by side only take twice as long each. A browser file may wait
    // for its turn in beforeAll (hookTimeout).
    maxWorkers: 2,
    projects: [
      { oxc, test: { ...shared, name: 'node', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: [BROWSER_FILES] } },
      { oxc, test: { ...shared, name: 'browser', include: [BROWSER_FILES], hookTimeout: 600_000 } },
    ],
    sequence: { sequencer: SlowestFirst },
  },
});

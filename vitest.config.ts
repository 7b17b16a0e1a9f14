import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The real content's photo variants, encoded once for every test file (see the file).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Dates are calendar dates; pin a far time zone so a hidden dependency on it shows up.
    env: { TZ: 'Pacific/Kiritimati' },
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});

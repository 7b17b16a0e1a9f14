// `stitch` with no command is bad usage (issue 15): the help goes to stderr and the exit code is
// 2, as for an unknown command; asking for help is not an error.
import { expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.ts';

it('exits 2 with the help on stderr when no command is given; `help` and --help exit 0', () => {
  const none = runCli([]);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('Usage: stitch');
  for (const args of [['help'], ['--help']]) {
    const r = runCli(args);
    expect(r.code, args.join(' ')).toBe(0);
    expect(r.stdout).toContain('Usage: stitch');
  }
  expect(runCli(['nope']).code).toBe(2);
}, 120_000);

// Runs the real CLI in a child process, as an editor or CI would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { checkSite } from '../../src/check/check-site.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { hasErrors } from '../../src/errors/diagnostic.ts';
import { formatDiagnostics } from '../../src/errors/format.ts';
import { ROOT } from './build-site.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, cwd = ROOT): CliResult {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), ...args], {
    cwd,
    env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600', FORCE_COLOR: '0', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export interface JsonDiagnostic {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  hint: string | null;
  file: string | null;
  line: number | null;
  column: number | null;
  field: string | null;
}

/** `stitch check --format json` on a content dir. */
export function checkJson(contentDir: string): { code: number; diagnostics: JsonDiagnostic[] } {
  const r = runCli(['check', '--content', contentDir, '--format', 'json']);
  const report = JSON.parse(r.stdout) as { diagnostics: JsonDiagnostic[] };
  return { code: r.code, diagnostics: report.diagnostics };
}

/**
 * What `stitch check --format json` reports on a content dir, from the functions its command
 * calls, in this process: for tests of the diagnostics (a spawn costs ~2 s of CPU); the command
 * itself is tested through checkJson and test/check-cli.test.ts.
 */
export async function checkReport(contentDir: string): Promise<{ code: number; diagnostics: JsonDiagnostic[] }> {
  const { diagnostics } = await checkSite(resolveConfig({ content: contentDir }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT));
  const report = JSON.parse(formatDiagnostics(diagnostics, 'json')) as { diagnostics: JsonDiagnostic[] };
  return { code: hasErrors(diagnostics) ? 1 : 0, diagnostics: report.diagnostics };
}

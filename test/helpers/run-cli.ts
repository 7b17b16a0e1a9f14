// Runs the real CLI in a child process, as an editor or CI would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
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

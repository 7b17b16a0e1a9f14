// An output or cache folder that cannot be written (no permission, read-only, full disk) is the
// environment's problem, not a bug: a catalogue entry naming the folder, exit 1, no stack trace.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { writeErrorDiagnostic } from '../../src/output/out-dir-guard.ts';
import { asNobody, asRoot, giveAway } from '../helpers/as-nobody.ts';
import { ROOT } from '../helpers/build-site.ts';
import { perfProject, type PerfProject } from '../perf-project.ts';

let project: PerfProject;

/** A folder the CLI's user cannot write into. */
function lock(dir: string) {
  mkdirSync(dir, { recursive: true });
  if (asRoot) chownSync(dir, 0, 0);
  chmodSync(dir, 0o555);
}

function build(out: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), 'build', '--content', 'content', '--out', out], {
    cwd: project.root,
    env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600', FORCE_COLOR: '0', STITCH_DEBUG: '' },
    encoding: 'utf8',
    timeout: 120_000,
    ...asNobody,
  });
  return { code: r.status, stderr: r.stderr };
}

beforeAll(async () => {
  project = await perfProject(0);
  giveAway(project.root);
}, 120_000);

describe('write errors', () => {
  it('an output folder that cannot be written: OutputNotWritableError naming it, exit 1', () => {
    lock(join(project.root, 'locked'));
    const r = build('locked/dist');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[OutputNotWritableError]');
    expect(r.stderr).toContain('Cannot write the output folder locked/dist/: permission denied (EACCES');
    expect(r.stderr).not.toContain('probably a bug');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('a cache folder that cannot be written: CacheNotWritableError naming it, exit 1', () => {
    rmSync(join(project.root, '.stitch'), { recursive: true, force: true });
    lock(join(project.root, '.stitch'));
    const r = build('dist');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[CacheNotWritableError]');
    expect(r.stderr).toContain('Cannot write the cache folder .stitch/');
    expect(r.stderr).not.toContain('probably a bug');
  }, 120_000);

  it('a full disk or read-only file system names the folder it hit', () => {
    const config = resolveConfig({ out: 'dist' }, {}, '/p');
    const err = (code: string, path?: string) => Object.assign(new Error(code), { code, path });
    expect(writeErrorDiagnostic(err('ENOSPC'), config)).toMatchObject({ code: 'OutputNotWritableError', message: expect.stringContaining('no space left') });
    expect(writeErrorDiagnostic(err('EROFS', '/p/.dist-staging-1-2/index.html'), config)).toMatchObject({ code: 'OutputNotWritableError', message: expect.stringContaining('dist/: the file system is read-only') });
    expect(writeErrorDiagnostic(err('EROFS', '/p/.stitch/cache/x'), config)).toMatchObject({ code: 'CacheNotWritableError' });
    expect(writeErrorDiagnostic(err('ENOENT', '/p/dist/x'), config)).toBeUndefined();
  });
});

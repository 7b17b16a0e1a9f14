// A checkout before `npm ci` (issue 26, item 6): the launcher says what to do instead of exiting
// 127 or printing a module-resolution stack. And `npm ci` itself (item 7): every dependency
// whose install script runs is declared in package.json's `allowScripts`, so npm does not warn.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build-site.ts';

const node = (dir: string, args: string[]) => {
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('a checkout without node_modules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stitch-no-deps-'));
  for (const path of ['bin', 'scripts', 'package.json']) cpSync(join(ROOT, path), join(dir, path), { recursive: true });

  it('the launcher says the dependencies are not installed and exits 2, for any command', () => {
    for (const args of [['--help'], ['build'], ['check', '--format', 'json']]) {
      const r = node(dir, ['bin/stitch.js', ...args]);
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([2, '', 'stitch: dependencies are not installed: run npm ci\n']);
    }
  });

  it('the postinstall script steps aside (npx installs the project into its cache without its dependencies, then runs the launcher)', () => {
    expect(node(dir, ['scripts/postinstall.mjs']).code).toBe(0);
  });
});

describe('npm ci', () => {
  it('finds every install script of the lockfile declared in allowScripts', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages).filter(([path, p]) => path && p.hasInstallScript).map(([path, p]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 13), version: p.version }));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const { name, version } of withScripts) {
      const declared = pkg.allowScripts?.[name] ?? pkg.allowScripts?.[`${name}@${version}`];
      expect(typeof declared, `${name}@${version} in allowScripts`).toBe('boolean');
    }
  });
});

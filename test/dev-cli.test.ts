// `stitch dev` through the real CLI: it prints the URL, serves, and Ctrl+C (SIGINT) stops it
// cleanly with exit code 0 and no process left behind.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from './helpers/build-site.ts';

const root = mkdtempSync(join(tmpdir(), 'stitch-dev-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('prints the URL, serves pages and exits 0 on Ctrl+C', async () => {
  for (const dir of ['content', 'site-assets']) cpSync(realpathSync(join(ROOT, dir)), join(root, dir), { recursive: true, dereference: true });
  for (const link of ['templates', 'src', 'node_modules']) symlinkSync(join(ROOT, link), join(root, link));
  const child = spawn(process.execPath, [join(ROOT, 'bin/stitch.js'), 'dev', '--port', '0', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0', SOURCE_DATE_EPOCH: '1767225600' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 90_000);
      child.stdout.on('data', () => {
        const m = /stitch dev\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', () => reject(new Error(`stitch dev exited early:\n${out}`)));
    });
    expect(out).toMatch(/Built \d+ pages in \d+ ms\./);
    const res = await fetch(`${url}/about`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/__stitch/client.js');

    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(code).toBe(0);
    expect(out).toContain('stitch dev stopped.');
    await expect(fetch(`${url}/about`)).rejects.toThrow();
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 120_000);

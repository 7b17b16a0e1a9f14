// What a build keeps in .stitch/ is trusted only as far as it checks out: damage anywhere in it
// (truncated, zeroed or flipped bytes in every kind of entry, the server bundles included) gives
// the same output as a clean build; builds at once share it safely; and a full disk is told
// truthfully: the output's is an error naming the output folder, the cache's a warning.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build-site.ts';
import { perfProject, type PerfProject } from './perf-project.ts';

/** Every file under `dir` (recursive). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

const damages: Record<string, (file: string) => void> = {
  truncated: (file) => truncateSync(file, Math.floor(statSync(file).size / 2)),
  zeroed: (file) => { const b = readFileSync(file); b.fill(0, b.length >> 2, Math.max(b.length >> 1, (b.length >> 2) + 1)); writeFileSync(file, b); },
  'bit-flipped': (file) => { const b = readFileSync(file); if (b.length > 0) b[(b.length * 2) / 3 | 0] ^= 0x04; writeFileSync(file, b); },
};

/** `stitch build` as a child that runs alongside others. */
function buildAsync(p: PerfProject, out = 'dist'): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/stitch.js'), 'build', '--content', 'content', '--out', out], { cwd: p.root, env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600', FORCE_COLOR: '0' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe('a damaged or shared .stitch/', { timeout: 900_000 }, () => {
  let p: PerfProject;
  let clean: Map<string, string>;
  beforeAll(async () => {
    p = await perfProject(4); // its files dated back, so the bundle cache keeps this build's bundles
    const r = p.build();
    expect(r.code, r.stderr).toBe(0);
    clean = p.files();
  });

  it('the first build kept entries of every kind: Markdown, posts, bundles, the output manifest (these templates draw no card and no photo variant: test/unit/image-variants-damaged)', () => {
    const kinds = readdirSync(join(p.root, '.stitch/cache'));
    for (const kind of ['markdown', 'posts', 'bundles', 'output']) expect(kinds).toContain(kind);
    expect(filesUnder(join(p.root, '.stitch/server')).some((f) => /templates-.*\.mjs$/.test(f))).toBe(true);
  });

  it.each(Object.keys(damages))('every file of .stitch/cache and .stitch/server %s: the next build gives the output of a clean build', (how) => {
    const files = [...filesUnder(join(p.root, '.stitch/cache')), ...filesUnder(join(p.root, '.stitch/server'))];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) damages[how](file);
    const r = p.build();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/InternalError|TypeError/);
    expect(p.files()).toEqual(clean);
    // …and the build after it, from what that one kept.
    expect(p.build().code).toBe(0);
    expect(p.files()).toEqual(clean);
  });

  it('two builds into one --out at once both succeed, and leave the store readable and the output right', async () => {
    rmSync(join(p.root, '.stitch/cache'), { recursive: true, force: true });
    rmSync(p.out, { recursive: true, force: true });
    const [a, b] = await Promise.all([buildAsync(p), buildAsync(p)]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(p.files()).toEqual(clean);
    expect(p.build().code).toBe(0);
    expect(p.files()).toEqual(clean);
  });
});

/** Mounts a tmpfs of `size` at `dir`; the reason when this machine does not allow it. */
function mountTmpfs(dir: string, size: string): string | undefined {
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `cannot mount a tmpfs here (${(r.stderr || r.error?.message || 'not root').trim()})`;
}

/** Fills the file system of `dir` to the last byte. */
function fill(dir: string): void {
  spawnSync('dd', ['if=/dev/zero', `of=${join(dir, 'filler')}`, 'bs=64k'], { encoding: 'utf8' });
}

describe('a full disk', { timeout: 900_000 }, () => {
  let p: PerfProject;
  const mounts: string[] = [];
  let skip: string | undefined;
  beforeAll(async () => {
    p = await perfProject(4);
    skip = mountTmpfs(join(p.root, 'full-out'), '5m');
    if (skip) console.log(`full-disk tests skipped: ${skip}`);
    else mounts.push(join(p.root, 'full-out'));
    return () => {
      for (const dir of mounts) spawnSync('umount', [dir]);
    };
  });

  it('for --out is an OutputNotWritableError naming the output folder, not .stitch/', (ctx) => {
    if (skip) return ctx.skip();
    fill(join(p.root, 'full-out'));
    const r = p.build({}, ['--out', 'full-out/dist']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/OutputNotWritableError/);
    expect(r.stderr).toContain('full-out/dist');
    expect(r.stderr).not.toMatch(/CacheNotWritableError/);
  });

  it('for .stitch/cache is a warning: the build goes on without caching, every run, and never exits 13', (ctx) => {
    if (skip) return ctx.skip();
    const cache = join(p.root, '.stitch/cache');
    const reason = mountTmpfs(cache, '5m');
    if (reason) return ctx.skip();
    mounts.unshift(cache);
    fill(cache);
    const good = (() => {
      const r = p.build({}, ['--out', 'dist']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/CacheNotWritableWarning/);
      return p.files();
    })();
    for (let run = 0; run < 2; run++) {
      const r = p.build({}, ['--out', 'dist']);
      expect(r.code, r.stderr).toBe(0);
      expect(p.files()).toEqual(good);
    }
    const check = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), 'check', '--content', 'content'], { cwd: p.root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', SOURCE_DATE_EPOCH: '1767225600' } });
    expect(check.stdout + check.stderr).not.toMatch(/BudgetExceededError/);
    expect(check.status).not.toBe(13);
  });
});

// bin/stitch.js runs the engine from an esbuild bundle of src/, made on first use: it must follow
// every change to the sources (never run stale code), drop bundles of earlier sources, and give
// the same behaviour as running the TypeScript through tsx. Each case works on a copy of the
// engine (bin/, src/, package.json, tsconfig.json; node_modules linked) so the repository's own
// .stitch/engine is left alone.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

let copy: string;

function stitch(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [join(copy, 'bin/stitch.js'), ...args], {
    cwd: copy,
    env: { ...process.env, FORCE_COLOR: '0', STITCH_NO_ENGINE_BUNDLE: '', ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const bundles = () => (existsSync(join(copy, '.stitch/engine')) ? readdirSync(join(copy, '.stitch/engine')).filter((n) => !n.endsWith('.tmp')) : []);
/** Makes the bundles `names` look two days old: older than the launcher keeps an unused bundle. */
const age = (names: string[]) => {
  const then = new Date(Date.now() - 2 * 24 * 3600_000);
  for (const name of names) utimesSync(join(copy, '.stitch/engine', name), then, then);
};

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'stitch-engine-'));
  // templates/ is copied, not linked: templates import the engine's island helpers by relative
  // path, and through a link they would load the repository's src/ (pages without islands).
  for (const name of ['bin', 'src', 'templates']) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
  for (const name of ['package.json', 'tsconfig.json']) cpSync(join(ROOT, name), join(copy, name));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  // Copied, not linked: a link out of the project is refused (docs/security.md).
  for (const name of ['content', 'site-assets']) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
  // Photo variants do not depend on the engine bundle: start from the repository's image cache when it has one.
  if (existsSync(join(ROOT, '.stitch/cache/images'))) cpSync(join(ROOT, '.stitch/cache/images'), join(copy, '.stitch/cache/images'), { recursive: true });
});

const copies: string[] = [];
afterAll(() => {
  for (const dir of [copy, ...copies]) rmSync(dir, { recursive: true, force: true });
});

describe('the engine bundle', { timeout: 600_000 }, () => {
  it('is made on first use and runs the commands', () => {
    const r = stitch(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Builds the upholstery business website');
    expect(bundles()).toHaveLength(1);
    expect(existsSync(join(copy, '.stitch/engine', bundles()[0], 'main.mjs'))).toBe(true);
  });

  it('a damaged bundle (main.mjs emptied, a chunk with a flipped bit) is made again, never run', () => {
    expect(stitch(['--help']).code).toBe(0);
    const [name] = bundles();
    const dir = join(copy, '.stitch/engine', name);
    writeFileSync(join(dir, 'main.mjs'), '');
    let r = stitch(['--help']);
    expect(r.stderr).not.toMatch(/TypeError|main is not a function/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Usage: stitch');
    const chunk = readdirSync(dir).find((n) => n.startsWith('chunk-'))!;
    const bytes = readFileSync(join(dir, chunk));
    bytes[bytes.length >> 1] ^= 0x20;
    writeFileSync(join(dir, chunk), bytes);
    r = stitch(['--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, chunk)).equals(bytes)).toBe(false);
  });

  it('follows a change to the sources, and drops the bundle of the old ones once it is a day old', () => {
    const [before] = bundles();
    const main = join(copy, 'src/cli/main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace('Builds the upholstery business website', 'Builds the EDITED website'));
    const r = stitch(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Builds the EDITED website');
    // The old bundle stays for a while: a dev server or build started on it may still import its chunks.
    const [edited] = bundles().filter((b) => b !== before);
    expect(bundles().sort()).toEqual([before, edited].sort());
    // Once a day old, the next bundle made drops it.
    age([before, edited]);
    writeFileSync(main, readFileSync(main, 'utf8').replace('Builds the EDITED website', 'Builds the EDITED AGAIN website'));
    expect(stitch(['--help']).stdout).toContain('Builds the EDITED AGAIN website');
    expect(bundles()).toHaveLength(1);
    expect([before, edited]).not.toContain(bundles()[0]);
  });

  it('builds the same site as the TypeScript sources run through tsx', () => {
    const env = { SOURCE_DATE_EPOCH: '1767225600' };
    const bundled = stitch(['build', '--out', 'out-bundled'], env);
    expect(bundled.stderr).not.toMatch(/Unexpected error/);
    expect(bundled.code).toBe(0);
    const plain = stitch(['build', '--out', 'out-tsx'], { ...env, STITCH_NO_ENGINE_BUNDLE: '1' });
    expect(plain.code).toBe(0);
    const files = (dir: string): string[] => readdirSync(join(copy, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(join(copy, dir).length)).sort();
    const list = files('out-bundled');
    expect(list).toEqual(files('out-tsx'));
    expect(list.length).toBeGreaterThan(90);
    // The comparison means something only if the islands were built: the contact page loads its quote form.
    expect(readFileSync(join(copy, 'out-bundled', 'contact/index.html'), 'utf8')).toMatch(/<script[^>]+src="\/assets\//);
    for (const f of list.filter((name) => name.endsWith('.html'))) {
      expect(readFileSync(join(copy, 'out-bundled', f), 'utf8'), f).toBe(readFileSync(join(copy, 'out-tsx', f), 'utf8'));
    }
  });

  it('is not taken along by a copy of the checkout: the copy builds with its own modules', () => {
    // `cp -a` carries .stitch/engine/; a bundle keyed on the sources alone would run the
    // original checkout's src/ (its modules find their neighbours by absolute URL).
    const original = copy;
    expect(stitch(['--help']).code).toBe(0); // the original has its bundle
    const moved = mkdtempSync(join(tmpdir(), 'stitch-engine-copy-'));
    copies.push(moved);
    cpSync(original, moved, { recursive: true, verbatimSymlinks: true, filter: (from) => !/\/out-(bundled|tsx)$/.test(from) });
    // The copy has templates of its own (copied with it), as a real checkout: they import the engine through ../src.
    const [carried] = bundles();
    expect(bundles()).toHaveLength(1);
    // The original goes away, as a checkout that was copied and then deleted or changed.
    rmSync(join(original, 'src'), { recursive: true, force: true });
    copy = moved;
    age([carried]); // carried along a day ago, so the copy's first bundle drops it
    // The small fixture content is enough: the templates and islands are the real ones.
    const r = stitch(['build', '--content', join(ROOT, 'test/fixtures/mini'), '--out', 'out-copy', '--no-budgets'], { SOURCE_DATE_EPOCH: '1767225600' });
    expect(r.stderr).not.toMatch(/Unexpected error|Cannot find module|ENOENT/);
    expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
    expect(bundles()).toHaveLength(1);
    expect(bundles()[0]).not.toBe(carried);
    const contact = readFileSync(join(moved, 'out-copy/contact/index.html'), 'utf8');
    expect(contact).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
  });
});

// The persistent caches and the incremental output are never wrong: every input that shapes a
// page invalidates it, corrupt cache files are ignored, and an incremental build's output is
// byte-identical to a build from scratch.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineVersion } from '../src/cache/engine-version.ts';
import { markdownCacheKind, markdownKey } from '../src/cache/markdown-cache.ts';
import { FileCaches } from '../src/cache/file-cache.ts';
import { markdownOptionsKey } from '../src/markdown/options-key.ts';
import { perfProject, syntheticPost, templatesSource, type PerfProject } from './perf-project.ts';

const POST = 'blog/synthetic-0001.md';
const PAGE = 'blog/synthetic-0001/index.html';

function cacheFiles(p: PerfProject, dir: string): string[] {
  try {
    const folder = join(p.root, '.stitch/cache', dir);
    return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** A clean build of the same project into a fresh folder, for comparison. */
function scratchBuild(p: PerfProject, env: NodeJS.ProcessEnv = {}): Map<string, string> {
  rmSync(join(p.root, '.stitch/cache'), { recursive: true, force: true });
  rmSync(p.out, { recursive: true, force: true });
  expect(p.build(env).code).toBe(0);
  return p.files();
}

describe('the cache is never wrong', { timeout: 240_000 }, () => {
  let p: PerfProject;
  beforeAll(async () => {
    p = await perfProject(4);
    const r = p.build();
    expect(r.stderr).not.toMatch(/ error /);
    expect(r.code).toBe(0);
  });

  it('a warm build with nothing changed writes nothing and gives the same output', () => {
    const before = p.files();
    const mtimes = new Map([...before.keys()].map((f) => [f, statSync(join(p.out, f)).mtimeMs]));
    expect(p.build().code).toBe(0);
    expect(p.files()).toEqual(before);
    for (const [f, m] of mtimes) expect(statSync(join(p.out, f)).mtimeMs, f).toBe(m);
  });

  /**
   * A build whose process reports, as it exits, `expression` (JS over `maps`, its /proc/self/maps,
   * `cached`, the CommonJS module paths, and `imported`, the URL of every module it loaded by `import`).
   */
  const probedBuild = (expression: string) => {
    const probe = join(p.root, 'probe.mjs');
    const report = join(p.root, 'probe.txt');
    const imports = join(p.root, 'probe-imports.txt');
    rmSync(report, { force: true });
    writeFileSync(imports, '');
    const hooks = `import { appendFileSync } from 'node:fs'; export async function load(url, c, next) { appendFileSync(${JSON.stringify(imports)}, url + '\\n'); return next(url, c); }`;
    writeFileSync(probe, `import { readFileSync, writeFileSync } from 'node:fs';\nimport { createRequire, register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\nprocess.on('exit', () => { const maps = readFileSync('/proc/self/maps', 'utf8'); const cached = Object.keys(createRequire(import.meta.url).cache); const imported = readFileSync(${JSON.stringify(imports)}, 'utf8').split('\\n'); writeFileSync(${JSON.stringify(report)}, JSON.stringify(${expression})); });\n`);
    const env = { NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` };
    return { env, probed: () => JSON.parse(readFileSync(report, 'utf8')) as unknown };
  };

  it('a warm build with nothing changed does not load sharp (libvips): it has no photo to encode or card to draw', () => {
    const { env, probed } = probedBuild("maps.includes('libvips')");
    // The probe sees libvips when sharp is loaded…
    const control = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('sharp')"], { cwd: p.root, env: { ...process.env, ...env } });
    expect(control.status).toBe(0);
    expect(probed()).toBe(true);
    // …and a warm build does not load it.
    expect(p.build(env).code).toBe(0);
    expect(probed()).toBe(false);
  });

  it('a warm build loads neither esbuild (its bundles come from the bundle cache) nor React and the templates (nothing renders), nor zod, fast-glob or the transliterator (nothing is validated, searched or slugified)', () => {
    // A bundle whose inputs changed within 2 s of it is not kept (bundle-cache.ts): perfProject
    // dates the project's files a minute back, so the first build kept its bundles.
    const { env, probed } = probedBuild("[...cached, ...imported].filter((file) => /\\/node_modules\\/(esbuild|react|react-dom|zod|fast-glob|@sindresorhus\\/transliterate)\\//.test(file))");
    expect(p.build(env).code).toBe(0);
    expect(probed()).toEqual([]);
  });

  it('a warm build places a YAML file\'s warning where it was placed before', () => {
    // The fixture's deep-clean.yaml relates to a category (a dropped reference): every build warns, at line 10.
    const first = p.build();
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/deep-clean\.yaml:10:/);
    const warm = p.build();
    expect(warm.code).toBe(0);
    expect(warm.stderr).toMatch(/deep-clean\.yaml:10:/);
    expect(warm.stderr.replace(/\d+(\.\d+)? ?(ms|s)\b/g, '')).toBe(first.stderr.replace(/\d+(\.\d+)? ?(ms|s)\b/g, ''));
  });

  it('a warm build keeps the feeds without loading the feed library; a feed post\'s new title is in them, as from scratch', () => {
    const FEEDS = ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json'];
    // `feed` is an ES module; the XML writer it loads, xml-js, is CommonJS (seen in require.cache).
    const { env, probed } = probedBuild("cached.some((file) => file.includes('/node_modules/xml-js/'))");
    const before = p.files();
    expect(p.build(env).code).toBe(0);
    expect(probed()).toBe(false);
    for (const feed of FEEDS) expect(p.files().get(feed), feed).toBe(before.get(feed));
    // Front matter only (the body, so the feed's content, stays): the files are made again.
    p.write('content/blog/synthetic-0002.md', syntheticPost(2).replace('title: "Synthetic post 2"', 'title: "Synthetic post 2, retitled"'));
    expect(p.build(env).code).toBe(0);
    expect(probed()).toBe(true);
    const incremental = p.files();
    for (const feed of FEEDS) expect(incremental.get(feed), feed).toContain('Synthetic post 2, retitled');
    expect(scratchBuild(p)).toEqual(incremental);
  });

  it('editing a post changes its page, and the output equals a build from scratch', () => {
    p.write(`content/${POST}`, syntheticPost(1, 'An edited sentence about welting.'));
    expect(p.build().code).toBe(0);
    expect(p.files().get(PAGE)).toContain('An edited sentence about welting.');
    const incremental = p.files();
    expect(scratchBuild(p)).toEqual(incremental);
  });

  it('changing a template changes every page that uses it', () => {
    p.write('templates/index.ts', templatesSource('MARK-2'));
    expect(p.build().code).toBe(0);
    const pages = [...p.files()].filter(([f]) => f.endsWith('.html') && !f.includes('redirect'));
    const rendered = pages.filter(([, html]) => html.includes('<h1>'));
    expect(rendered.length).toBeGreaterThan(10);
    for (const [f, html] of rendered) {
      expect(html, f).toContain('MARK-2');
      expect(html, f).not.toContain('MARK-1');
    }
  });

  it('the Markdown options are part of the key: SITE_URL decides which links are external', () => {
    // first-post.md links to https://example.com/page; made /about, a page of the site when it
    // is https://example.com (the build checks internal links).
    const own = 'blog/first-post/index.html';
    p.write('content/blog/first-post.md', readFileSync(join(p.content, 'blog/first-post.md'), 'utf8').replace('https://example.com/page', 'https://example.com/about'));
    expect(p.build({ SITE_URL: 'https://example.com' }).code).toBe(0);
    expect(p.files().get(own)).toMatch(/<a href="https:\/\/example.com\/about">/);
    expect(p.build({ SITE_URL: 'https://elsewhere.org' }).code).toBe(0);
    expect(p.files().get(own)).toMatch(/<a href="https:\/\/example.com\/about" rel="noopener noreferrer">/);
  });

  it('the engine version is part of the key: an entry from another version is never used', async () => {
    const body = readFileSync(join(p.content, POST), 'utf8').split(/^---$/m).slice(2).join('---');
    const options = markdownOptionsKey({ siteUrl: 'https://poison.test' });
    expect(markdownKey(body, options, 'a')).not.toBe(markdownKey(body, options, 'b'));
    const cacheDir = join(p.root, '.stitch/cache');
    const scope = relative(p.root, p.content);
    // An entry under another engine version's key is ignored...
    const openCache = () => new FileCaches(cacheDir, scope).open(markdownCacheKind());
    const stale = await openCache();
    stale.set(markdownKey(body.replace(/^\n/, ''), options, 'some-other-engine'), '<p>STALE ENGINE OUTPUT</p>');
    stale.set(markdownKey(body, options, 'some-other-engine'), '<p>STALE ENGINE OUTPUT</p>');
    await stale.save();
    expect(p.build({ SITE_URL: 'https://poison.test' }).code).toBe(0);
    expect(p.files().get(PAGE)).not.toContain('STALE ENGINE OUTPUT');
    // ...while one under the current engine's key is (which shows the cache is really consulted).
    const current = await openCache();
    const bodies = [body, body.replace(/^\n/, '')];
    for (const b of bodies) current.set(markdownKey(b, markdownOptionsKey({ siteUrl: 'https://poison2.test' }), engineVersion), '<p>FROM THE CACHE</p>');
    await current.save();
    expect(p.build({ SITE_URL: 'https://poison2.test' }).code).toBe(0);
    expect(p.files().get(PAGE)).toContain('FROM THE CACHE');
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('corrupt cache files are ignored and rebuilt', async () => {
    expect(p.build().code).toBe(0);
    const good = p.files();
    const files = [...cacheFiles(p, 'markdown'), ...cacheFiles(p, 'posts'), ...cacheFiles(p, 'output')];
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) writeFileSync(f, Buffer.concat([readFileSync(f).subarray(0, 40), Buffer.from('\u0000garbage{{{')]));
    writeFileSync(join(p.out, PAGE), 'tampered');
    expect(p.build().code).toBe(0);
    expect(p.files()).toEqual(good);
    // ...and rewritten whole.
    for (const f of files) expect(readFileSync(f, 'latin1'), f).not.toContain('garbage{{{');
  });

  it('caches that cannot be written cost time, never the build', () => {
    const good = scratchBuild(p);
    // A file where each cache's folder should be: nothing can be read or written there, whoever runs the test.
    for (const dir of ['markdown', 'posts']) {
      rmSync(join(p.root, '.stitch/cache', dir), { recursive: true, force: true });
      writeFileSync(join(p.root, '.stitch/cache', dir), 'not a folder');
    }
    const r = p.build();
    expect(r.stderr).not.toMatch(/ error /);
    expect(r.code).toBe(0);
    expect(p.files()).toEqual(good);
    for (const dir of ['markdown', 'posts']) rmSync(join(p.root, '.stitch/cache', dir));
  });

  it('a page edited by hand in the output is restored; a deleted post loses its page', () => {
    expect(p.build().code).toBe(0);
    writeFileSync(join(p.out, 'about/index.html'), 'edited by hand');
    rmSync(join(p.content, 'blog/synthetic-0003.md'));
    expect(p.build().code).toBe(0);
    const incremental = p.files();
    expect(incremental.get('about/index.html')).not.toBe('edited by hand');
    expect(incremental.has('blog/synthetic-0003/index.html')).toBe(false);
    expect(scratchBuild(p)).toEqual(incremental);
  });
});

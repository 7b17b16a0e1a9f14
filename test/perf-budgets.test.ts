// Page-weight budgets: reported per route kind, configurable in site.yaml, a page over budget
// fails the build (and leaves the previous output as it was) unless --no-budgets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from './helpers/build-site.ts';
import { checkBudgets, DEFAULT_BUDGETS_KB, gzipCeiling, PageWeights, resolveBudgets, weighPages, weightsByKind } from '../src/budgets/budgets.ts';
import type { PageRoute } from '../src/routes/types.ts';
import { perfProject } from './perf-project.ts';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';

const route = (path: string, kind = 'blog-post') => ({ type: 'page', path, kind, output: `${path.slice(1)}/index.html`, template: kind, props: {}, head: {} } as unknown as PageRoute);

describe('page-weight budgets', { timeout: 240_000 }, () => {
  it('default to the issue\'s budgets and take site.yaml overrides in KB', () => {
    expect(resolveBudgets()).toEqual({ js: 75 * 1024, css: 25 * 1024, html: 50 * 1024, lcpImage: 120 * 1024 });
    expect(resolveBudgets({ budgets: { js: 100 } } as never)).toEqual({ ...resolveBudgets(), js: 100 * 1024 });
    expect(DEFAULT_BUDGETS_KB.lcpImage).toBe(120);
  });

  it('flag every page and resource over budget, with the page and the sizes', () => {
    const assets = new Map([['/assets/a.js', 80 * 1024], ['/assets/b.js', 1024], ['/assets/site.css', 2048]]);
    const weights = weighPages([
      { route: route('/blog/heavy'), facts: { islands: [], scripts: ['/assets/a.js'], gzip: 60 * 1024 } },
      { route: route('/blog/light'), facts: { islands: [], scripts: ['/assets/b.js'], bytes: 10 * 1024 } },
      { route: route('/gallery', 'gallery'), facts: { islands: [], scripts: [], bytes: 1000, image: { url: '/assets/img/x-1170.avif', bytes: 200 * 1024 } } },
    ], assets, ['/assets/site.css']);
    const found = checkBudgets(weights, resolveBudgets());
    expect(found.map((d) => d.message)).toEqual([
      '/blog/heavy: the HTML is 60.0 KB gzip, over its budget of 50.0 KB.',
      '/blog/heavy: the JavaScript it loads is 80.0 KB gzip, over its budget of 75.0 KB.',
      '/gallery: the largest image at 390 px (/assets/img/x-1170.avif) is 200.0 KB gzip, over its budget of 120.0 KB.',
    ]);
    expect(found.every((d) => d.code === 'BudgetExceededError' && d.severity === 'error' && d.hint?.includes('--no-budgets'))).toBe(true);
    expect(weightsByKind(weights).map((r) => [r.kind, r.pages, r.js])).toEqual([['blog-post', 2, 80 * 1024], ['gallery', 1, 0]]);
  });

  it('bound gzip by the raw size, so unmeasured pages are known to be under budget', () => {
    for (const size of [0, 10, 1000, 20000, 70000]) {
      const random = randomBytes(size);
      expect(gzipSync(random).length).toBeLessThanOrEqual(gzipCeiling(size));
    }
    const weights = new PageWeights(2);
    for (let i = 0; i < 10; i++) weights.add('k', `p${i}`, i * 100, 'x'.repeat(i * 100));
    return weights.measure(async () => undefined).then((sizes) => expect([...sizes.keys()].sort()).toEqual(['p8', 'p9']));
  });

  it('fail the build with a clear message, leave the output as it was, and are skipped with --no-budgets', async () => {
    const p = await perfProject(2);
    expect(p.build().code).toBe(0);
    const before = p.files();
    const site = join(p.content, 'site.yaml');
    p.write('content/site.yaml', `${readFileSync(site, 'utf8')}budgets:\n  html: 1\n  js: 200\n`);
    const r = p.build();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\/blog\/first-post: the HTML is ([\d.]+ KB|\d+ bytes) gzip, over its budget of (1\.0 KB|1024 bytes)/);
    expect(r.stderr).toContain('[BudgetExceededError]');
    expect(r.stderr).toContain('page-weight budgets are exceeded');
    expect(r.stderr).toContain('--no-budgets');
    expect(p.files()).toEqual(before);
    const skipped = p.build({}, ['--no-budgets']);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('not checked: --no-budgets');
    expect(skipped.stdout).toMatch(/budget\s+1\.0 KB\s+25\.0 KB\s+200\.0 KB\s+120\.0 KB/);
  });

  it('report a typo in budgets: as a content error', async () => {
    const p = await perfProject(0);
    p.write('content/site.yaml', `${readFileSync(join(p.content, 'site.yaml'), 'utf8')}budgets:\n  htm: 10\n`);
    const r = p.build();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('budgets');
  });

  it('count the code an idle or visible island loads by itself in the page\'s JS, not what it loads on a visitor\'s action', async () => {
    const site = await buildSite();
    const home = site.state.pages.get('index.html')!;
    const html = site.html('/');
    const lazy = [...site.state.client!.entries.values()].filter((e) => e.deferred.length > 0 && html.includes(`src="${e.src}"`));
    expect(lazy.length).toBeGreaterThan(0);
    const later = lazy.flatMap((e) => e.deferred);
    for (const chunk of later) {
      expect(home.facts.scripts).toContain(chunk);
      // Not announced as loading with the page.
      expect(html).not.toContain(`<link rel="modulepreload" href="${chunk}"`);
    }
    const row = site.state.weights!.find((w) => w.route.output === 'index.html')!;
    expect(row.js).toBeGreaterThan(30 * 1024);
    expect(row.js).toBeLessThanOrEqual(75 * 1024);
  });
});

#!/usr/bin/env node
// Lighthouse scores of the built site: `npm run lighthouse [-- --dist DIR] [--runs N] [--assert]`.
//
// Builds the site (`stitch build`, into a temporary folder unless --dist is given), serves it
// with stitch's own static server (clean URLs, 404 page, _redirects, like a static host) and
// runs Lighthouse in Debian Chromium (/usr/bin/chromium, or CHROMIUM_PATH) on the home page, a
// service page, a blog article, the blog listing, the contact page and the gallery, with the
// mobile and the desktop configuration. Prints the four scores per page and writes JSON to
// bench-results/. With --runs N it prints the median and the minimum of each score: a visitor
// gets one run, not a median. --assert exits 1 unless accessibility, best practices and SEO are
// 100 and mobile performance is at least 95 on every page, in every run (the minimum). Not part of `npm test`. The server gzips
// text as the static hosts the site deploys to do, so the transfers timed are the real ones.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function parseArgs(argv) {
  const opts = { dist: undefined, runs: 1, assert: false, only: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--dist') opts.dist = resolve(value());
    else if (flag === '--runs') opts.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (flag === '--assert') opts.assert = true;
    else if (flag === '--only') opts.only = value().split(',').map((s) => s.trim());
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write('usage: node scripts/lighthouse.mjs [--dist DIR] [--runs N] [--only home,contact] [--assert]\n');
      process.exit(0);
    } else {
      process.stderr.write(`lighthouse: unknown option ${argv[i]}\n`);
      process.exit(2);
    }
  }
  return opts;
}

/** Builds the real site with the CLI into a temporary folder. */
function buildSite() {
  const out = join(mkdtempSync(join(tmpdir(), 'stitch-lighthouse-')), 'dist');
  process.stderr.write(`building the site into ${out} …\n`);
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), 'build', '--out', out], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}\nlighthouse: the build failed (exit ${r.status}).\n`);
    process.exit(1);
  }
  return out;
}

/** The pages to score: fixed ones, plus the first service page and blog article of the sitemap. */
function pagesOf(dist) {
  const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const service = paths.find((p) => /^\/services\/[^/]+\/[^/]+$/.test(p));
  const article = paths.find((p) => /^\/blog\/[^/]+$/.test(p));
  return [
    ['home', '/'],
    ['service', service],
    ['blog article', article],
    ['blog listing', '/blog'],
    ['contact', '/contact'],
    ['gallery', '/gallery'],
  ].filter(([, p]) => p);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(`lighthouse: Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).\n`);
    process.exit(1);
  }
  const { register } = await import('tsx/esm/api');
  register();
  const { startStaticServer } = await import(pathToFileURL(join(ROOT, 'src/preview/static-server.ts')).href);
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');

  const built = !opts.dist;
  const dist = opts.dist ?? buildSite();
  const server = await startStaticServer(dist, 0, '127.0.0.1');
  const port = server.address().port;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  const results = [];
  try {
    for (const [name, path] of pagesOf(dist).filter(([n]) => !opts.only || opts.only.includes(n))) {
      for (const [mode, config] of [['mobile', undefined], ['desktop', desktopConfig]]) {
        const runs = [];
        let failures = 0;
        for (let i = 0; i < opts.runs; i++) {
          const result = await lighthouse(`http://127.0.0.1:${port}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
          const lhr = result.lhr;
          // A run Lighthouse itself could not complete (a protocol time-out, no paint seen) has
          // null scores, not a page's score: say so and run again, at most twice per page and mode.
          if (lhr.runtimeError && failures < 2) {
            failures++;
            process.stderr.write(`  ${name} (${mode}): Lighthouse run failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); running it again\n`);
            i--;
            continue;
          }
          const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
          const failed = Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          runs.push({ scores, failed, lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0), cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0, tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0) });
        }
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
        const min = Object.fromEntries(CATEGORIES.map((c) => [c, Math.min(...runs.map((r) => r.scores[c]))]));
        results.push({ page: name, path, mode, scores, min, perfRuns: runs.map((r) => r.scores.performance), tbtMaxMs: Math.max(...runs.map((r) => r.tbtMs)), lcpMaxMs: Math.max(...runs.map((r) => r.lcpMs)), lcpMs: median(runs.map((r) => r.lcpMs)), tbtMs: median(runs.map((r) => r.tbtMs)), cls: median(runs.map((r) => r.cls)), failedAudits: [...new Set(runs.flatMap((r) => r.failed))] });
        process.stderr.write(`  ${name} (${mode}): ${CATEGORIES.map((c) => `${c} ${scores[c]}${min[c] < scores[c] ? ` (min ${min[c]})` : ''}`).join(', ')}\n`);
      }
    }
  } finally {
    await chrome.kill();
    await new Promise((r) => server.close(r));
    if (built) rmSync(join(dist, '..'), { recursive: true, force: true });
  }

  // Medians, and the worst run: the lowest performance, the highest LCP and TBT.
  const head = ['page', 'mode', 'perf', 'perf min', 'a11y', 'best', 'seo', 'LCP ms', 'LCP max', 'TBT ms', 'TBT max', 'CLS'];
  const rows = results.map((r) => [r.page, r.mode, String(r.scores.performance), String(r.min.performance), ...CATEGORIES.slice(1).map((c) => String(r.min[c])),
    String(r.lcpMs), String(r.lcpMaxMs), String(r.tbtMs), String(r.tbtMaxMs), r.cls.toFixed(3)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
  for (const r of results.filter((x) => x.failedAudits.length > 0)) process.stdout.write(`${r.page} (${r.mode}) failed audits: ${r.failedAudits.join(', ')}\n`);

  // Every run counts: the minimum, not the median.
  const misses = results.filter((r) => r.min.accessibility < 100 || r.min['best-practices'] < 100 || r.min.seo < 100 || (r.mode === 'mobile' && r.min.performance < 95));
  process.stdout.write(misses.length === 0
    ? `\nTargets met in every run: accessibility, best practices and SEO 100 everywhere, mobile performance ≥ 95 (minimum of ${opts.runs}).\n`
    : `\nTargets missed on ${misses.length} of ${results.length} page/mode pairs in at least one run (accessibility, best practices, SEO 100; mobile performance ≥ 95).\n`);

  const outDir = join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), chromium: CHROMIUM, runs: opts.runs, results }, null, 2)}\n`);
  process.stdout.write(`wrote ${file}\n`);
  if (opts.assert && misses.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`lighthouse: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});

#!/usr/bin/env node
// Build-speed benchmark: `npm run bench [-- --sizes 1000,4000,10000 --runs 3]`.
//
// For each corpus size N it generates N synthetic posts with ../shared/bench/gen-corpus.mjs
// (deterministic), adds them to a copy of content/ and builds the whole site with the real CLI
// (`node bin/stitch.js build`) as a child process, measuring the median of several runs of:
//   cold  no .stitch/cache and no output folder (a fresh CI checkout),
//   warm  cache and output present, nothing changed,
//   edit  cache and output present, one post's body changed,
// plus the peak RSS of the build process (and its CPU time). It prints a table and writes JSON
// to bench-results/.
//
// Each size builds in its own throw-away project root (symlinks to templates/ and node_modules/,
// a copy of site-assets/: stitch refuses a link out of the project), so the benchmark never touches the repository's own .stitch/ or dist/.
// Image variants do not grow with N: by default the cold runs keep .stitch/cache/images
// (warmed by an untimed first build); pass --cold-images to drop it as well.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin/stitch.js');

function parseArgs(argv) {
  const opts = { sizes: [1000, 4000, 10000], runs: 3, gen: undefined, assets: join(ROOT, 'site-assets'), keep: false, coldImages: false, out: join(ROOT, 'bench-results') };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--sizes') opts.sizes = value().split(',').map((s) => Number.parseInt(s.trim(), 10));
    else if (flag === '--runs') opts.runs = Number.parseInt(value(), 10);
    else if (flag === '--gen') opts.gen = resolve(value());
    else if (flag === '--out') opts.out = resolve(value());
    else if (flag === '--assets') opts.assets = resolve(value());
    else if (flag === '--keep') opts.keep = true;
    else if (flag === '--cold-images') opts.coldImages = true;
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write('usage: node scripts/bench.mjs [--sizes 1000,4000,10000] [--runs 3] [--gen path/to/gen-corpus.mjs] [--assets dir] [--cold-images] [--keep] [--out dir]\n');
      process.exit(0);
    } else {
      process.stderr.write(`bench: unknown option ${argv[i]} (see --help)\n`);
      process.exit(2);
    }
  }
  if (opts.sizes.some((n) => !Number.isInteger(n) || n <= 0)) fail('--sizes expects positive integers, e.g. --sizes 1000,4000');
  if (!Number.isInteger(opts.runs) || opts.runs < 1) fail('--runs expects a positive integer');
  return opts;
}

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

function findGenerator(explicit) {
  const candidates = [explicit, process.env.STITCH_CORPUS_GEN, resolve(ROOT, '../shared/bench/gen-corpus.mjs')].filter(Boolean);
  const found = candidates.find((c) => existsSync(c));
  if (!found) {
    fail(`the corpus generator was not found (looked at ${candidates.join(', ')}).\n`
      + 'It lives in the shared folder beside the repository: ../shared/bench/gen-corpus.mjs.\n'
      + 'Point at a copy with --gen PATH or STITCH_CORPUS_GEN=PATH.');
  }
  return found;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const hasGnuTime = existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-v', 'true']).status === 0;

/** Runs one build; resolves with wall time, CPU time, peak RSS and the stage timings it printed. */
function runBuild(projectRoot, extraArgs) {
  const args = [BIN, 'build', '--content', 'content', '--out', 'dist', ...extraArgs];
  const cmd = hasGnuTime ? '/usr/bin/time' : process.execPath;
  const argv = hasGnuTime ? ['-v', process.execPath, ...args] : args;
  return new Promise((resolvePromise, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, argv, { cwd: projectRoot, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hwm = 0;
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    // Without GNU time, poll the high-water mark of the node process (the child itself).
    const poll = hasGnuTime ? undefined : setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) hwm = Math.max(hwm, Number(m[1]) * 1024);
      } catch { /* exited */ }
    }, 10);
    child.on('error', reject);
    child.on('close', (code) => {
      if (poll) clearInterval(poll);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) {
        reject(new Error(`build failed (exit ${code}) in ${projectRoot}:\n${stdout.slice(-2000)}\n${stderr.slice(-4000)}`));
        return;
      }
      let rss = hwm;
      let cpu = NaN;
      if (hasGnuTime) {
        const max = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
        const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
        const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
        if (max) rss = Number(max[1]) * 1024;
        if (user && sys) cpu = Number(user[1]) + Number(sys[1]);
      }
      const stages = {};
      const line = /stages: (.*?)(?: · .*)?$/m.exec(stdout);
      for (const part of line?.[1].split(', ') ?? []) {
        const m = /^([\w-]+) (\d+) ms$/.exec(part.trim());
        if (m) stages[m[1]] = Number(m[2]);
      }
      resolvePromise({ wall, cpu, rss, stages });
    });
  });
}

function makeProject(n, gen, assets) {
  const dir = mkdtempSync(join(tmpdir(), `stitch-bench-${n}-`));
  for (const name of ['templates', 'node_modules', 'package.json', 'tsconfig.json']) {
    if (existsSync(join(ROOT, name))) symlinkSync(join(ROOT, name), join(dir, name));
  }
  if (existsSync(assets)) cpSync(assets, join(dir, 'site-assets'), { recursive: true });
  cpSync(join(ROOT, 'content'), join(dir, 'content'), { recursive: true });
  // Photo variants do not depend on N: start from the repository's image cache when it has one.
  if (existsSync(join(ROOT, '.stitch/cache/images'))) cpSync(join(ROOT, '.stitch/cache/images'), join(dir, '.stitch/cache/images'), { recursive: true });
  const made = spawnSync(process.execPath, [gen, String(n), join(dir, 'content/blog')], { encoding: 'utf8' });
  if (made.status !== 0) fail(`the corpus generator failed:\n${made.stderr}`);
  return dir;
}

/** Appends a sentence to one corpus post, so the next build sees exactly one changed post. */
function editOnePost(projectRoot, run) {
  const blog = join(projectRoot, 'content/blog');
  const file = join(blog, readdirSync(blog).filter((f) => /^\d{5}-/.test(f)).sort()[0]);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdited for benchmark run ${run}: the seams held.\n`);
}

function clearCache(projectRoot, keepImages) {
  const cache = join(projectRoot, '.stitch/cache');
  if (!existsSync(cache)) return;
  for (const entry of readdirSync(cache)) {
    if (keepImages && entry === 'images') continue;
    rmSync(join(cache, entry), { recursive: true, force: true });
  }
}

const fmtS = (s) => (Number.isFinite(s) ? s.toFixed(2) : '—');
const fmtMB = (b) => (Number.isFinite(b) && b > 0 ? (b / 1024 / 1024).toFixed(0) : '—');

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const gen = findGenerator(opts.gen);
  const help = spawnSync(process.execPath, [BIN, 'build', '--help'], { cwd: ROOT, encoding: 'utf8' }).stdout;
  const buildArgs = help.includes('--no-budgets') ? ['--no-budgets'] : [];
  const machine = { cpus: cpus().length, model: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version };
  process.stderr.write(`stitch bench: sizes ${opts.sizes.join(', ')}, ${opts.runs} run(s) each, ${machine.cpus} CPUs, Node ${machine.node}\n`);
  process.stderr.write(`generator: ${gen}${hasGnuTime ? '' : ' (no /usr/bin/time: RSS polled from /proc)'}\n`);

  const results = [];
  for (const n of opts.sizes) {
    const project = makeProject(n, gen, opts.assets);
    const posts = readdirSync(join(project, 'content/blog')).filter((f) => f.endsWith('.md')).length;
    process.stderr.write(`\nN=${n}: ${posts} posts in ${project}\n`);
    try {
      // Untimed: warms the OS file cache, the esbuild/tsx caches and the image cache.
      await runBuild(project, buildArgs);
      const cold = [];
      const warm = [];
      const edit = [];
      for (let run = 1; run <= opts.runs; run++) {
        clearCache(project, !opts.coldImages);
        rmSync(join(project, 'dist'), { recursive: true, force: true });
        cold.push(await runBuild(project, buildArgs));
        warm.push(await runBuild(project, buildArgs));
        editOnePost(project, run);
        edit.push(await runBuild(project, buildArgs));
        process.stderr.write(`  run ${run}: cold ${fmtS(cold.at(-1).wall)} s (${fmtMB(cold.at(-1).rss)} MB), warm ${fmtS(warm.at(-1).wall)} s, edit ${fmtS(edit.at(-1).wall)} s\n`);
      }
      const summary = (xs) => ({
        seconds: median(xs.map((x) => x.wall)),
        cpuSeconds: median(xs.map((x) => x.cpu)),
        peakRssMB: Math.round(Math.max(...xs.map((x) => x.rss)) / 1024 / 1024),
        stagesMs: Object.fromEntries(Object.keys(xs[0].stages).map((k) => [k, median(xs.map((x) => x.stages[k] ?? 0))])),
        runs: xs.map((x) => ({ seconds: +x.wall.toFixed(3), cpuSeconds: x.cpu, peakRssMB: Math.round(x.rss / 1024 / 1024) })),
      });
      results.push({ n, posts, cold: summary(cold), warm: summary(warm), edit: summary(edit) });
    } finally {
      if (!opts.keep) rmSync(project, { recursive: true, force: true });
    }
  }

  const header = ['N', 'posts', 'cold s', 'warm s', 'edit s', 'peak RSS MB', 'cold CPU s'];
  const rows = results.map((r) => [r.n, r.posts, fmtS(r.cold.seconds), fmtS(r.warm.seconds), fmtS(r.edit.seconds),
    String(Math.max(r.cold.peakRssMB, r.warm.peakRssMB, r.edit.peakRssMB)), fmtS(r.cold.cpuSeconds)].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
  process.stdout.write(`\nmedian of ${opts.runs} run(s); cold = no .stitch/cache${opts.coldImages ? '' : ' (image cache kept)'} and no output folder; `
    + 'warm = nothing changed; edit = one post changed.\n');
  for (const r of results) {
    process.stdout.write(`N=${r.n} cold stages: ${Object.entries(r.cold.stagesMs).map(([k, v]) => `${k} ${v} ms`).join(', ')}\n`);
  }

  mkdirSync(opts.out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = { date: new Date().toISOString(), machine, runs: opts.runs, coldKeepsImageCache: !opts.coldImages, command: `node scripts/bench.mjs ${process.argv.slice(2).join(' ')}`.trim(), results };
  writeFileSync(join(opts.out, `bench-${stamp}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(opts.out, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  process.stdout.write(`\nwrote ${join(opts.out, `bench-${stamp}.json`)}\n`);
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

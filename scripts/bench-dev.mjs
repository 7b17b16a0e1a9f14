#!/usr/bin/env node
// Benchmark (not a test): the time from saving a blog post to the live-reload message reaching
// the browser, with `stitch dev` running on a copy of the real content.
//
//   node scripts/bench-dev.mjs [--runs 15] [--post <slug>] [--root <project dir>] [--corpus N]
//                              [--port P] [--wait MS] [--cpu-prof <dir>] [--log <file> [--trace-gc]] [--node-arg <flag>…]
//
// --corpus N adds N synthetic posts (../shared/bench/gen-corpus.mjs, as `npm run bench` does).
// --port P: the dev server's port (default: any free one).
// --wait MS: the pause between the server's start and the first edit (default 500). The first
// edit's time is printed apart: it runs code the first build ran on the workers, not here.
// --log <file>: the dev server's output is appended there (with --trace-gc, its garbage collections).
// --cpu-prof <dir>: the dev process writes V8 CPU profiles there (node --cpu-prof); the bench
// prints when the measured edits began and ended (the profile's clock, µs), to cut the first build out.
//
// Starts `stitch dev` in a child process on a free port, opens the server-sent-events stream
// a page opens, then edits the post (a changed sentence, as an editor would) and measures
// until the `reload` event arrives. Prints every run and the median, and the dev process's CPU
// time per edit.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '15'));
const WARMUP = 3;
const SLUG = arg('--post', 'signs-leather-seats-need-repair');
// The project whose templates and site-assets are used (the content is always a copy).
const PROJECT = resolve(arg('--root', ROOT));

const content = join(mkdtempSync(join(tmpdir(), 'stitch-bench-dev-')), 'content');
cpSync(join(ROOT, 'content'), content, { recursive: true });
const CORPUS = Number(arg('--corpus', '0'));
if (CORPUS > 0) {
  const gen = process.env.STITCH_CORPUS_GEN ?? resolve(ROOT, '../shared/bench/gen-corpus.mjs');
  const made = spawnSync(process.execPath, [gen, String(CORPUS), join(content, 'blog')], { encoding: 'utf8' });
  if (made.status !== 0) {
    process.stderr.write(`bench-dev: the corpus generator failed (${gen}):\n${made.stderr}\n`);
    process.exit(2);
  }
}
const postFile = join(content, 'blog', `${SLUG}.md`);
const original = readFileSync(postFile, 'utf8');

const PROFILE = arg('--cpu-prof', undefined);
// --node-arg <flag> (repeatable): a flag for the dev process's node (a V8 flag, say).
const extraArgs = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--node-arg' ? [a] : []));
const nodeArgs = [...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', resolve(PROFILE)] : []), ...(process.argv.includes('--trace-gc') ? ['--trace-gc'] : []), ...extraArgs];
const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'bin/stitch.js'), 'dev', '--content', content, '--port', arg('--port', '0'), '--host', '127.0.0.1'], {
  cwd: PROJECT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  if (child.exitCode === null) child.kill('SIGINT');
};
process.on('exit', stop);
const LOG = arg('--log', undefined);
// The rebuild times the dev server logs ("re-rendered 1 of N pages in X ms"), one per edit.
const logged = [];
const url = await new Promise((resolveUrl, reject) => {
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (LOG) appendFileSync(LOG, chunk);
    for (const m of chunk.matchAll(/re-rendered \d+ of \d+ pages in (\d+) ms/g)) logged.push(Number(m[1]));
    const m = /stitch dev\s+(http:\/\/\S+)/.exec(out);
    if (m) resolveUrl(m[1]);
  });
  child.once('exit', (code) => reject(new Error(`stitch dev exited with ${code}:\n${out}`)));
});

// The SSE stream, as the page /blog/<slug> opens it.
let waiting;
const stream = get(`${url}/__stitch/events?path=${encodeURIComponent(`/blog/${SLUG}`)}`, (res) => {
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    if (/event: overlay/.test(chunk)) {
      console.error('The build failed (see the dev server output above); fix it before benchmarking.');
      process.exit(1);
    }
    if (/event: reload/.test(chunk) && waiting) {
      const done = waiting;
      waiting = undefined;
      done(performance.now());
    }
  });
});
await new Promise((r) => setTimeout(r, Number(arg('--wait', '500'))));

// The dev process's CPU time (user + system, from /proc on Linux), over the measured edits: on a
// shared machine wall time depends on the other users' load, CPU time much less.
const cpuMs = () => {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return undefined;
  }
};
// The same per thread (/proc/<pid>/task): the main thread, V8's GC helpers, libuv's pool, workers.
const threadCpu = () => {
  const out = new Map();
  try {
    for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
      const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      out.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    }
  } catch {
    // not Linux
  }
  return out;
};
let threadsStart;
let cpuStart;
let profileStart;
let first;
let firstWindow;
const times = [];
// The CPU profile's clock: the system's monotonic clock in µs, as process.hrtime gives it.
const micros = () => Number(process.hrtime.bigint() / 1000n);
for (let i = 0; i < WARMUP + RUNS; i++) {
  if (i === WARMUP) {
    cpuStart = cpuMs();
    threadsStart = threadCpu();
    logged.length = 0;
    profileStart = micros();
  }
  const reloaded = new Promise((r) => (waiting = r));
  const edited = original.replace(/\n*$/, `\n\nBench edit ${i}: a sentence the editor changed.\n`);
  const saved = performance.now();
  writeFileSync(postFile, edited);
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no reload event within 10 s (run ${i})`)), 10_000)));
  const at = await Promise.race([reloaded, timeout]);
  clearTimeout(timer);
  if (i === 0) {
    first = at - saved;
    firstWindow = `${micros() - Math.round((performance.now() - saved) * 1000)} to ${micros()}`;
  }
  if (i >= WARMUP) times.push(at - saved);
  await new Promise((r) => setTimeout(r, 250));
}

const cpuEnd = cpuMs();
const threadsEnd = threadCpu();
const profileEnd = micros();
stream.destroy();
stop();
await new Promise((r) => child.once('exit', r));
rmSync(dirname(content), { recursive: true, force: true });

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
}
const sorted = [...times].sort((a, b) => a - b);
const median = medianOf(times);
console.log(`first edit after the start (not in the median): ${first.toFixed(0)} ms`);
console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(' ')}`);
console.log(`save → reload event, median of ${times.length}: ${median.toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`);
if (cpuStart !== undefined && cpuEnd !== undefined) console.log(`dev process CPU per edit (user + sys, mean of ${times.length}, 10 ms ticks): ${((cpuEnd - cpuStart) / times.length).toFixed(0)} ms`);
const byThread = new Map();
for (const [tid, { name, ms }] of threadsEnd) {
  const key = tid === String(child.pid) ? 'main' : name;
  byThread.set(key, (byThread.get(key) ?? 0) + ms - (threadsStart.get(tid)?.ms ?? 0));
}
if (byThread.size) console.log(`CPU per edit by thread (ms): ${[...byThread].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${(ms / times.length).toFixed(1)}`).join(', ')}`);
if (logged.length === times.length) console.log(`rebuild as the dev server logs it (ms): ${logged.join(' ')}; outside the rebuild (save → event → rebuild, and publish → reload event): ${times.map((t, i) => (t - logged[i]).toFixed(0)).join(' ')}, median ${medianOf(times.map((t, i) => t - logged[i])).toFixed(0)} ms`);
if (PROFILE) console.log(`first edit in the profile's clock (µs): ${firstWindow}`);
if (PROFILE) console.log(`measured edits in the profile's clock (µs): ${profileStart} to ${profileEnd}`);

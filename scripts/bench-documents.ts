// The document pass alone, inline in one process: CPU per page of Markdown → React → measure
// (gzip, images, links) → write, for every page of a content folder, as a cold build renders it
// (no Markdown cache). Loads the content and the route table once, renders every page once to
// warm up, then `--rounds` times, and prints the CPU of each round and a hash of every page's
// HTML and facts (the same hash before and after a change: the output did not change).
//
//   node --import tsx scripts/bench-documents.ts --content /tmp/s300/content [--rounds 3] [--posts-only]
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench-documents.ts …   (a profile)
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { noCaches } from '../src/cache/cache.ts';
import { resolveBudgets } from '../src/budgets/budgets.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { MarkdownRenderer } from '../src/markdown/render-markdown.ts';
import { bundleStage, startBundles } from '../src/pipeline/bundles.ts';
import { renderContext } from '../src/pipeline/documents.ts';
import { linkStage, loadStage } from '../src/pipeline/load.ts';
import { imagesStage, routesStage } from '../src/pipeline/routes.ts';
import { newState, resolveBuildOptions } from '../src/pipeline/state.ts';
import { outputFile } from '../src/output/output-path.ts';
import { renderDocuments, type DocumentJob } from '../src/render/render-documents.ts';
import type { PageRoute } from '../src/routes/types.ts';

const { values } = parseArgs({ options: { content: { type: 'string' }, rounds: { type: 'string', default: '3' }, 'posts-only': { type: 'boolean', default: false }, keep: { type: 'string' } } });
if (!values.content) throw new Error('--content <folder> is required');

const out = values.keep ?? mkdtempSync(join(tmpdir(), 'bench-documents-'));
const config = resolveConfig({ content: values.content, out });
const options = resolveBuildOptions(config, { cache: noCaches, links: true, budgets: true });
const state = newState(config, 'build', noCaches);
const bundles = startBundles(state, options);
await loadStage(state, options);
await linkStage(state);
await imagesStage(state, options);
await routesStage(state, options);
await bundleStage(state, bundles);
if (state.diagnostics.some((d) => d.severity === 'error')) throw new Error(JSON.stringify(state.diagnostics.slice(0, 3)));

const server = await import(state.server!.file);
const routes = state.routes.filter((r): r is PageRoute => r.type === 'page' && (!values['posts-only'] || Boolean(r.markdown)));
const job: DocumentJob = {
  serverFile: state.server!.file,
  context: renderContext(state),
  markdown: { siteUrl: state.layout!.siteUrl },
  gzipAbove: resolveBudgets(state.graph!.site).html,
  phoneImages: true,
  links: true,
  writeTo: out,
};
const inputs = routes.map((route) => ({ route }));

function round(): { ms: number; hash: string } {
  const hash = createHash('sha256');
  rmSync(out, { recursive: true, force: true });
  const start = process.cpuUsage();
  const facts = renderDocuments(server, job, inputs, { markdown: new MarkdownRenderer(), kept: new WeakMap() });
  const used = process.cpuUsage(start);
  for (const [i, f] of facts.entries()) {
    const { mtimeMs: _mtime, ...kept } = f;
    hash.update(JSON.stringify(kept)).update(readFileSync(outputFile(out, routes[i].output)));
  }
  return { ms: (used.user + used.system) / 1000, hash: hash.digest('hex').slice(0, 16) };
}

const warm = round();
console.log(`${routes.length} pages; warm-up ${warm.ms.toFixed(0)} ms CPU; output ${warm.hash}`);
const rounds: number[] = [];
for (let i = 0; i < Number(values.rounds); i++) {
  const r = round();
  if (r.hash !== warm.hash) throw new Error(`round ${i} gave different output (${r.hash})`);
  rounds.push(r.ms);
  console.log(`round ${i + 1}: ${r.ms.toFixed(0)} ms CPU, ${(r.ms / routes.length).toFixed(2)} ms per page`);
}
rounds.sort((a, b) => a - b);
const median = rounds[Math.floor(rounds.length / 2)];
console.log(`median ${median.toFixed(0)} ms CPU, ${(median / routes.length).toFixed(2)} ms per page`);
if (!values.keep) rmSync(out, { recursive: true, force: true });

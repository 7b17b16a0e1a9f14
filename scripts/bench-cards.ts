// Social card drawing cost: `npx tsx scripts/bench-cards.ts [--cards 200] [--photo] [--pool]`.
// Draws `cards` cards, each with its own title, through the executor's `card` task as a build
// does (src/cards/draw-cards.ts: satori → resvg's PNG), in this thread (or with --pool on the
// executor's pool, its start included) and prints the CPU and wall time per card (this process
// and its threads: process.cpuUsage), the PNGs' size and the RSS.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { bundleCardTemplate } from '../src/cards/card-template.ts';
import type { CardSetup, CardToDraw } from '../src/cards/draw-cards.ts';
import { Executor } from '../src/executor/executor.ts';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1] ?? fallback;
};
const count = Number(arg('cards', '200'));
const pool = process.argv.includes('--pool');
const photoFile = `${ROOT}/site-assets/images/blog/leather-seats.jpg`;
const photo = process.argv.includes('--photo') ? { path: '/images/blog/leather-seats.jpg', file: photoFile, hash: createHash('sha256').update(readFileSync(photoFile)).digest('hex') } : undefined;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const bundle = await bundleCardTemplate(ROOT, `${ROOT}/templates`, `${ROOT}/.stitch`);
const setup: CardSetup = { root: ROOT, templateFile: bundle.file, siteName: 'Sandia Custom Upholstery', host: 'www.sandiaupholstery.com', logoFile: `${ROOT}/site-assets/images/logo.png` };
const cards = (n: number): CardToDraw[] => Array.from({ length: n }, (_, i) => ({ title: `How Custom Upholstery Can Transform Your Car's Interior, Part ${i}`, category: 'Blog', photo }));

// Warm-up: the libraries' loading and the fonts' parsing, as a build's first batch pays once.
await Executor.inline().runAll('card', cards(2), setup, 32);
const c0 = cpu();
const w0 = performance.now();
const executor = pool ? await Executor.start(`${ROOT}/.stitch`, { production: true }) : Executor.inline();
let bytes = 0;
await executor.each('card', cards(count), setup, 32, (_i, drawn) => {
  if (!('png' in drawn)) throw new Error(`a card failed: ${JSON.stringify(drawn)}`);
  bytes += drawn.png.length;
});
await executor.close();
const wall = performance.now() - w0;
console.log(`${count} cards ${photo ? 'with' : 'without'} a photo, ${pool ? `pool of ${availableParallelism()}` : 'this thread'}: ${((cpu() - c0) / count).toFixed(1)} ms CPU and ${(wall / count).toFixed(1)} ms wall per card, ${(bytes / count / 1024).toFixed(0)} KB per PNG, RSS ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`);

// Social card drawing cost: `npx tsx scripts/bench-cards.ts [--cards 60] [--photo] [--only 0|<workers>] [--sharp-threads N]`.
// Draws `cards` cards with the engine's renderer (src/cards) and the project's card template,
// each with its own title (the backdrop is drawn once, as in a build), and prints the median
// CPU time per card drawn one at a time (this process: satori here plus sharp's threads), then
// the wall and CPU time of drawing them all as a build does (card-threads.ts): on this thread,
// then on one card worker per core (their start included). The cards are written to a
// temporary folder, removed at the end.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { drawAll } from '../src/cards/card-threads.ts';
import { bundleCardTemplate } from '../src/cards/card-template.ts';
import { createRenderer, type CardToDraw, type DrawSetup } from '../src/cards/draw-cards.ts';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1] ?? fallback;
};
const count = Number(arg('cards', '60'));
const only = arg('only', '');
if (process.argv.includes('--sharp-threads')) sharp.concurrency(Number(arg('sharp-threads', '0')));
const photoFile = `${ROOT}/site-assets/images/blog/leather-seats.jpg`;
const photo = process.argv.includes('--photo') ? { path: '/images/blog/leather-seats.jpg', file: photoFile, hash: createHash('sha256').update(readFileSync(photoFile)).digest('hex') } : undefined;

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const out = mkdtempSync(join(tmpdir(), 'bench-cards-'));
const bundle = await bundleCardTemplate(ROOT, `${ROOT}/templates`, `${ROOT}/.stitch`);
const setup: DrawSetup = { root: ROOT, templateFile: bundle.file, siteName: 'Sandia Custom Upholstery', host: 'www.sandiaupholstery.com', logoFile: `${ROOT}/site-assets/images/logo.png` };
const renderer = await createRenderer(setup, await bundle.load());
const title = (i: number) => `How Custom Upholstery Can Transform Your Car's Interior, Part ${i}`;
const cards = (from: number): CardToDraw[] => Array.from({ length: count }, (_, i) => ({ title: title(from + i), category: 'Blog', photo, file: join(out, `${from + i}.png`) }));

// Warm-up: the backdrop, satori's font parsing, sharp's start.
const photoBytes = photo && { ...photo, bytes: readFileSync(photo.file) };
await renderer.render(title(-1), 'Blog', photoBytes);
const each: number[] = [];
let bytes = 0;
for (let i = 0; i < Math.min(count, 60); i++) {
  const start = cpu();
  bytes += (await renderer.render(title(i), 'Blog', photoBytes)).png.length;
  each.push(cpu() - start);
}
console.log(`${count} cards ${photo ? 'with' : 'without'} a photo, ${availableParallelism()} cores`);
console.log(`one at a time: median ${median(each).toFixed(1)} ms CPU per card, ${(bytes / Math.min(count, 60) / 1024).toFixed(0)} KB per PNG`);
for (const [workers, from] of ([[0, count], [availableParallelism(), 2 * count]] as const).filter(([w]) => only === '' || String(w) === only)) {
  const c0 = cpu();
  const w0 = performance.now();
  await drawAll(cards(from), setup, { workers, cacheDir: `${ROOT}/.stitch`, template: await bundle.load() }, () => {});
  const wall = performance.now() - w0;
  const total = cpu() - c0;
  console.log(`${workers ? `${workers} card workers` : 'this thread'}: ${(wall / count).toFixed(1)} ms wall and ${(total / count).toFixed(1)} ms CPU per card, RSS ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`);
}
rmSync(out, { recursive: true, force: true });

// Social card drawing cost: `npx tsx scripts/bench-cards.ts [--cards 60] [--photo] [--concurrency N]`.
// Draws `cards` cards with the engine's renderer (src/cards) and the project's card template,
// each with its own title (the backdrop is drawn once, as in a build), and prints the median
// CPU time per card drawn one at a time (this process: satori here plus sharp's threads), then
// the wall and CPU time of drawing them all `concurrency` at a time, as a build does. Nothing is
// cached or written.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { CARD_CONCURRENCY } from '../src/cards/build-cards.ts';
import { readCardFonts } from '../src/cards/card-fonts.ts';
import { CardRenderer } from '../src/cards/card-renderer.ts';
import { bundleCardTemplate } from '../src/cards/card-template.ts';
import { writeAll } from '../src/output/writer.ts';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1] ?? fallback;
};
const count = Number(arg('cards', '60'));
const concurrency = Number(arg('concurrency', String(CARD_CONCURRENCY)));
const photo = process.argv.includes('--photo') ? { path: '/images/blog/leather-seats.jpg', bytes: readFileSync(`${ROOT}/site-assets/images/blog/leather-seats.jpg`) } : undefined;

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const bundle = await bundleCardTemplate(ROOT, `${ROOT}/templates`, `${ROOT}/.stitch`);
const fonts = await readCardFonts(bundle.template, ROOT);
const renderer = await CardRenderer.create(bundle.template, fonts, { siteName: 'Sandia Custom Upholstery', host: 'www.sandiaupholstery.com' }, readFileSync(`${ROOT}/site-assets/images/logo.png`));
const title = (i: number) => `How Custom Upholstery Can Transform Your Car's Interior, Part ${i}`;

// Warm-up: the backdrop, satori's font parsing, sharp's start.
await renderer.render(title(-1), 'Blog', photo);
const each: number[] = [];
let bytes = 0;
for (let i = 0; i < count; i++) {
  const start = cpu();
  bytes += (await renderer.render(title(i), 'Blog', photo)).png.length;
  each.push(cpu() - start);
}
const c0 = cpu();
const w0 = performance.now();
await writeAll(Array.from({ length: count }, (_, i) => i), concurrency, async (i) => {
  await renderer.render(title(count + i), 'Blog', photo);
});
const wall = performance.now() - w0;
const total = cpu() - c0;
console.log(`${count} cards ${photo ? 'with' : 'without'} a photo, ${availableParallelism()} cores`);
console.log(`one at a time: median ${median(each).toFixed(1)} ms CPU per card, ${(bytes / count / 1024).toFixed(0)} KB per PNG`);
console.log(`${concurrency} at a time: ${(wall / count).toFixed(1)} ms wall and ${(total / count).toFixed(1)} ms CPU per card`);

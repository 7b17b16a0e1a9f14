// Do the cards keep their pixels? `npx tsx scripts/compare-cards.ts <other tree> [cards]`: draws the
// same cards (titles of 1 to 3 lines, 5 categories, without a photo and with two photos) with the
// card renderer of another copy of stitch (say main's, `git archive` into /tmp) and this one's,
// decodes both PNGs and compares their pixels: how many channel values differ, and by how much at
// most. Cards that differ are written to /tmp/compare-cards/.
import sharp from 'sharp';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
const here = resolve(import.meta.dirname, '..');
if (!process.argv[2]) throw new Error('usage: npx tsx scripts/compare-cards.ts <other tree> [cards]');
const trees = { main: resolve(process.argv[2]), branch: here };
const titles = [
  "How Custom Upholstery Can Transform Your Car's Interior",
  'Ébénisterie Quality: Judging Gauge, Piping, Welting and Jig Work Today, Honestly',
  'Leather Care 101', 'Why a Boat Seat Fails First at the Seams — and What We Do About It in the Shop',
  'Q', 'Marine Vinyl vs. Leather: Which Wins on the Water? A Practical Comparison for Owners', 'Headliner Repair in Albuquerque',
];
const cats = ['Blog', 'Automotive Upholstery', 'Detailing', 'Locations', 'Upholstery & Restoration Services for Classic Cars and Trucks'];
const photo = { path: '/images/blog/leather-seats.jpg', bytes: readFileSync(`${here}/site-assets/images/blog/leather-seats.jpg`) };
const photo2 = { path: '/images/blog/workshop.jpg', bytes: readFileSync(`${here}/site-assets/images/blog/workshop.jpg`) };
const jobs: [string, string, any][] = [];
for (let i = 0; i < Number(process.argv[3] ?? 60); i++) jobs.push([`${titles[i % titles.length]}${i >= titles.length ? ` ${i}` : ''}`, cats[i % cats.length], i % 7 === 3 ? photo : i % 11 === 5 ? photo2 : undefined]);
const out: Record<string, Buffer[]> = {};
for (const [name, root] of Object.entries(trees)) {
  const { bundleCardTemplate } = await import(`${root}/src/cards/card-template.ts`);
  const { createRenderer } = await import(`${root}/src/cards/draw-cards.ts`);
  const b = await bundleCardTemplate(root, `${root}/templates`, `${root}/.stitch`);
  const r = await createRenderer({ root, templateFile: b.file, siteName: 'Sandia Custom Upholstery', host: 'www.sandiaupholstery.com', logoFile: `${root}/site-assets/images/logo.png` }, await b.load());
  // three at a time as a thread draws them
  const pngs: Buffer[] = new Array(jobs.length);
  let next = 0;
  await Promise.all([0, 1, 2].map(async () => { for (let i = next++; i < jobs.length; i = next++) pngs[i] = (await r.render(...jobs[i])).png; }));
  out[name] = pngs;
}
mkdirSync('/tmp/compare-cards', { recursive: true });
let same = 0, bytesSame = 0, sizeMain = 0, sizeBranch = 0, values = 0, differing = 0, largest = 0;
for (let i = 0; i < jobs.length; i++) {
  const [a, b] = await Promise.all([out.main[i], out.branch[i]].map((p) => sharp(p).raw().toBuffer({ resolveWithObject: true })));
  sizeMain += out.main[i].length; sizeBranch += out.branch[i].length;
  values += a.data.length;
  for (let j = 0; j < a.data.length; j++) { const d = Math.abs(a.data[j] - b.data[j]); if (d) { differing++; if (d > largest) largest = d; } }
  if (a.data.equals(b.data) && a.info.channels === b.info.channels) same++; else { console.log('DIFFER', i, jobs[i][0], jobs[i][1], !!jobs[i][2], a.info.channels, b.info.channels); writeFileSync(`/tmp/compare-cards/${i}-other.png`, out.main[i]); writeFileSync(`/tmp/compare-cards/${i}-this.png`, out.branch[i]); }
  if (out.main[i].equals(out.branch[i])) bytesSame++;
}
console.log(`channel values differing: ${differing} of ${values} (${(100 * differing / values).toFixed(3)} %), by at most ${largest}`);
console.log(`${same}/${jobs.length} cards with equal pixels; ${bytesSame} byte-identical; PNG ${(sizeMain / jobs.length / 1024).toFixed(1)} KB a card there, ${(sizeBranch / jobs.length / 1024).toFixed(1)} KB here`);
if (same < jobs.length) process.exitCode = 1;

// CPU of each step of encoding the photo variants, over every photo of site-assets/images (one at
// a time): node scripts/bench-variants.mjs ['<AVIF options as JSON>'] [widths, default 400,800,1200,1600].
// Run from the repository's root. The AVIF options default to image-options.ts's; sharp's `tune`
// ('auto' = libaom's 'iq' with sharp 0.35) can be tried there, e.g. '{"quality":50,"effort":0,
// "chromaSubsampling":"4:2:0","tune":"ssim"}'.
//   WEBP=1      adds WebP (quality 72, effort 1) at each width.
//   CASCADE=1   resizes each width from the next larger one instead of from the full decode.
//   PARALLEL=n  encodes n photos at once (as images/encode-variants.ts does, with its widths in
//               turn): prints the process's total CPU and wall time only, to compare n = 1, 2, 4
//               (more photos than cores: does oversubscription cost CPU?).
import sharp from 'sharp';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const files = execSync('find site-assets/images -name "*.jp*g"').toString().trim().split('\n').sort();
const avif = JSON.parse(process.argv[2] ?? '{"quality":50,"effort":0,"chromaSubsampling":"4:2:0"}');
const widths = (process.argv[3] ?? '400,800,1200,1600').split(',').map(Number).sort((a, b) => b - a);
const doWebp = process.env.WEBP === '1';
const cascade = process.env.CASCADE === '1';
const parallel = Number(process.env.PARALLEL ?? 0);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t = {}; const bytes = {};
const add = (k, ms, b = 0) => { t[k] = (t[k] ?? 0) + ms; bytes[k] = (bytes[k] ?? 0) + b; };
const raw = (x) => sharp(x.data, { raw: { width: x.info.width, height: x.info.height, channels: x.info.channels } });

async function photo(f) {
  const src = readFileSync(f);
  let c = cpu();
  await sharp(src).rotate().resize({ width: 16 }).blur(0.6).webp({ quality: 40 }).toBuffer();
  add('placeholder', cpu() - c);
  c = cpu();
  const d = await sharp(src).rotate().raw().toBuffer({ resolveWithObject: true });
  add('decode', cpu() - c);
  let from = d;
  for (const w of widths.filter((x) => x <= d.info.width)) {
    const h = Math.round(d.info.height * w / d.info.width);
    c = cpu();
    const r = w === from.info.width ? from : await raw(from).resize({ width: w, height: h, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    add('resize' + (w === d.info.width ? '' : w), cpu() - c);
    if (cascade) from = r;
    c = cpu(); let b = await raw(r).avif(avif).toBuffer(); add('avif' + w, cpu() - c, b.length);
    if (doWebp) { c = cpu(); b = await raw(r).webp({ quality: 72, effort: 1 }).toBuffer(); add('webp' + w, cpu() - c, b.length); }
    if (w === 800) { c = cpu(); b = await raw(r).jpeg({ quality: 78, optimizeCoding: true }).toBuffer(); add('jpeg800', cpu() - c, b.length); }
  }
}

if (parallel > 0) {
  const c = cpu(); const start = performance.now(); const queue = [...files];
  await Promise.all(Array.from({ length: parallel }, async () => { while (queue.length) await photo(queue.shift()); }));
  console.log(`${parallel} at once: CPU ${((cpu() - c) / 1000).toFixed(2)} s, wall ${((performance.now() - start) / 1000).toFixed(2)} s, ${files.length} photos, sharp.concurrency() ${sharp.concurrency()}`);
} else {
  for (const f of files) await photo(f);
  let tot = 0;
  for (const k of Object.keys(t)) { tot += t[k]; console.log(k.padEnd(12), (t[k] / 1000).toFixed(2) + ' s', bytes[k] ? (bytes[k] / 1e6).toFixed(2) + ' MB' : ''); }
  console.log('total', (tot / 1000).toFixed(2), 's', files.length, 'photos');
}

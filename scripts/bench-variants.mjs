// CPU of each step of encoding the photo variants, over every photo of site-assets/images (one at
// a time): node scripts/bench-variants.mjs ['<AVIF options as JSON>'] [widths, e.g. 400,800,1600];
// WEBP=1 adds WebP (quality 72, effort 1) at each width. Run from the repository's root.
import sharp from 'sharp';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
const files = execSync('find site-assets/images -name "*.jp*g"').toString().trim().split('\n').sort();
const avif = JSON.parse(process.argv[2] ?? '{"quality":50,"effort":0,"chromaSubsampling":"4:2:0"}');
const widths = (process.argv[3] ?? '400,800,1600').split(',').map(Number);
const doWebp = process.env.WEBP === '1';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t = {}; const bytes = {};
const add = (k, ms, b = 0) => { t[k] = (t[k] ?? 0) + ms; bytes[k] = (bytes[k] ?? 0) + b; };
for (const f of files) {
  const src = readFileSync(f);
  let c = cpu();
  const d = await sharp(src).rotate().raw().toBuffer({ resolveWithObject: true });
  add('decode', cpu() - c);
  const raw = (x) => sharp(x.data, { raw: { width: x.info.width, height: x.info.height, channels: x.info.channels } });
  c = cpu();
  await sharp(src).rotate().resize({ width: 16 }).blur(0.6).webp({ quality: 40 }).toBuffer();
  add('placeholder', cpu() - c);
  for (const w of widths) {
    const h = Math.round(d.info.height * w / d.info.width);
    c = cpu();
    const r = w === d.info.width ? d : await raw(d).resize({ width: w, height: h, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    add('resize', cpu() - c);
    c = cpu(); let b = await raw(r).avif(avif).toBuffer(); add('avif' + w, cpu() - c, b.length);
    if (doWebp) { c = cpu(); b = await raw(r).webp({ quality: 72, effort: 1 }).toBuffer(); add('webp' + w, cpu() - c, b.length); }
    if (w === 800) { c = cpu(); b = await raw(r).jpeg({ quality: 78, optimizeCoding: true }).toBuffer(); add('jpeg800', cpu() - c, b.length); }
  }
}
let tot = 0;
for (const k of Object.keys(t)) { tot += t[k]; console.log(k.padEnd(12), (t[k] / 1000).toFixed(2) + ' s', bytes[k] ? (bytes[k] / 1e6).toFixed(2) + ' MB' : ''); }
console.log('total', (tot / 1000).toFixed(2), 's', files.length, 'photos');

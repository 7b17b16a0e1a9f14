#!/usr/bin/env node
// Placeholder media for the Sandia Custom Upholstery site.
//
//   node scripts/make-placeholder-media.mjs                 # everything -> site-assets/
//   node scripts/make-placeholder-media.mjs --only gallery,logo  # only outputs whose path contains one of these
//   node scripts/make-placeholder-media.mjs --out /tmp/x    # write somewhere else
//   node scripts/make-placeholder-media.mjs --no-video      # skip the hero clips
//
// No stock photography can be downloaded in this environment, so every image is rendered
// from a handful of parameters: a palette, a material (leather grain, diamond tufting with
// buttons, channel pleats with topstitching, welt piping, woven fabric, quilting, suede or
// velvet nap, wood grain, brushed aluminium, perforated marine vinyl) and a composition.
// Materials are grey SVG height maps plus feTurbulence grain, lit with feDiffuseLighting and
// feSpecularLighting over a colour layer, rasterised by sharp (librsvg); then they get a
// photographic finish (key light, vignette, shallow depth of field) and a small corner label
// naming the subject. Everything is seeded from the output path: reruns give the same files.
// The hero clips are seamless horizontal pans rendered frame by frame with sharp and encoded
// with ffmpeg (/usr/bin/ffmpeg, or $FFMPEG): H.264 MP4 and VP9 WebM, 1280x720, 24 fps, no audio.
// A full run takes several minutes (every image is a few large SVG filter passes).

import sharp from 'sharp';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const argVal = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const OUT = path.resolve(argVal('--out') ?? path.join(ROOT, 'site-assets'));
const ONLY = argVal('--only');
const NO_VIDEO = args.includes('--no-video');
const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

sharp.cache(false);

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------
function hashStr(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
function makeRng(seedStr) {
  let a = hashStr(seedStr) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    seed: () => 1 + Math.floor(next() * 9000),
  };
}

// ---------------------------------------------------------------------------
// Colour helpers and palettes
// ---------------------------------------------------------------------------
const hex2rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const rgb2hex = (c) => '#' + c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
const mix = (a, b, t) => rgb2hex(hex2rgb(a).map((v, i) => v + (hex2rgb(b)[i] - v) * t));
const shade = (c, t) => (t < 0 ? mix(c, '#000000', -t) : mix(c, '#ffffff', t));
const luma = (c) => { const [r, g, b] = hex2rgb(c); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
// ambient-occlusion colour for creases and seams: deep on dark hides, gentler on pale vinyl
const aoOf = (c) => shade(c, luma(c) > 0.5 ? -0.4 : -0.62);
const f = (n) => (Math.round(n * 100) / 100).toString();
const f6 = (n) => (Math.round(n * 1e5) / 1e5).toString();

// base = material, thread = stitching, pipe = welt cord
const PALETTES = {
  cognac: { base: '#8d4a22', thread: '#ead7b0', pipe: '#5c2c14' },
  oxblood: { base: '#521817', thread: '#d9c49b', pipe: '#3f1110' },
  saddle: { base: '#a4652f', thread: '#f0dfbd', pipe: '#6a3c1a' },
  chocolate: { base: '#4a2b1c', thread: '#d8b98a', pipe: '#2e190f' },
  tan: { base: '#a97f58', thread: '#f4e8d2', pipe: '#6e4b2e' },
  cream: { base: '#e2d6c0', thread: '#b08a5e', pipe: '#8a6a48' },
  charcoal: { base: '#34332f', thread: '#b9aa90', pipe: '#1f1e1c' },
  black: { base: '#1f1d1b', thread: '#c9a777', pipe: '#121110' },
  teal: { base: '#1f4a4b', thread: '#e6dcc6', pipe: '#123233' },
  sage: { base: '#7c8a68', thread: '#efe6d2', pipe: '#55624a' },
  navy: { base: '#202c3d', thread: '#e8dfcc', pipe: '#151d29' },
  emerald: { base: '#113a2f', thread: '#d8c28e', pipe: '#0f3029' },
  terracotta: { base: '#b35f3c', thread: '#f1e3cc', pipe: '#7d3f25' },
  red: { base: '#7a1f1c', thread: '#eadcc2', pipe: '#4d1210' },
  slate: { base: '#5d6166', thread: '#e0dbd2', pipe: '#3d4044' },
  oat: { base: '#cbbb9c', thread: '#7d6446', pipe: '#8f7a5a' },
  mustard: { base: '#b58a2e', thread: '#f3e6c4', pipe: '#7a5a1c' },
  dove: { base: '#9d9c97', thread: '#5d5b56', pipe: '#6d6c68' },
  linen: { base: '#cfc3ad', thread: '#7d6446', pipe: '#9a8a70' },
};

// Lighting per material family (lengths in px at 1600 px wide; scaled by ctx.u)
const LIGHT = {
  leather: { grainFreq: 0.17, grainOct: 3, grainAmt: 0.03, lowFreq: 0.006, lowAmt: 0, surface: 26, kd: 1.18, ks: 0.32, specExp: 14 },
  smoothLeather: { grainFreq: 0.24, grainOct: 2, grainAmt: 0.024, lowFreq: 0.005, lowAmt: 0, surface: 26, kd: 1.16, ks: 0.42, specExp: 20 },
  vinyl: { grainFreq: 0.26, grainOct: 2, grainAmt: 0.022, lowFreq: 0.004, lowAmt: 0, surface: 26, kd: 1.15, ks: 0.5, specExp: 26 },
  fabric: { grainFreq: 0.5, grainOct: 2, grainAmt: 0.025, lowFreq: 0.005, lowAmt: 0, surface: 16, kd: 1.2, ks: 0.05, specExp: 8 },
  suede: { grainFreq: 0.45, grainOct: 2, grainAmt: 0.05, lowFreq: 0.004, lowAmt: 0, surface: 14, kd: 1.22, ks: 0, specExp: 6 },
  velvet: { grainFreq: 0.6, grainOct: 2, grainAmt: 0.05, lowFreq: 0.004, lowAmt: 0, surface: 22, kd: 1.2, ks: 0.16, specExp: 6 },
  wood: { grainFreq: [0.004, 0.12], grainOct: 3, grainAmt: 0.05, lowFreq: 0.003, lowAmt: 0, surface: 14, kd: 1.15, ks: 0.45, specExp: 30 },
  metal: { grainFreq: [0.0015, 0.4], grainOct: 2, grainAmt: 0.03, lowFreq: 0.002, lowAmt: 0, surface: 10, kd: 1.05, ks: 0.25, specExp: 12 },
};

// ---------------------------------------------------------------------------
// Render context
// ---------------------------------------------------------------------------
class Ctx {
  constructor(W, H, seedStr, u = W / 1600) {
    this.W = W;
    this.H = H;
    this.u = u;
    this.rng = makeRng(seedStr);
    this.defs = [];
    this.n = 0;
    this.cache = new Map();
    this.light = { az: 225, el: 50, px: 0.22, py: 0.12, pz: 1.1 };
    this.periodic = null; // { pattern: id } when rendering a seamless hero strip
  }
  id(p = 'i') {
    return `${p}${++this.n}`;
  }
  def(s) {
    this.defs.push(s);
  }
  once(key, make) {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key);
  }
  // blur for groups and long lines: region = the canvas plus a margin (user space)
  blur(sd) {
    const k = f(sd * this.u);
    return this.once(`bg${k}`, () => {
      const id = this.id('bg');
      const mx = this.W * 0.25, my = this.H * 0.25;
      this.def(`<filter id="${id}" filterUnits="userSpaceOnUse" x="${f(-mx)}" y="${f(-my)}" width="${f(this.W + 2 * mx)}" height="${f(this.H + 2 * my)}"><feGaussianBlur stdDeviation="${k}"/></filter>`);
      return `url(#${id})`;
    });
  }
  // blur for small closed shapes (studs, rivets): region = the shape's box
  blurS(sd) {
    const k = f(sd * this.u);
    return this.once(`bs${k}`, () => {
      const id = this.id('bs');
      this.def(`<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${k}"/></filter>`);
      return `url(#${id})`;
    });
  }
  // the over-scanned box that rotated structures fill
  get box() {
    const { W, H } = this;
    const m = Math.max(W, H) * 0.45;
    return { x0: -m, y0: -m, x1: W + m, y1: H + m };
  }
}

// a blurred group; the transform goes inside so the filter region stays in canvas space
const blurG = (ctx, sd, content, T, attrs = '') => (content ? `<g filter="${ctx.blur(sd)}"${attrs}>${T ? `<g transform="${T}">${content}</g>` : content}</g>` : '');
const inT = (content, T) => (content ? (T ? `<g transform="${T}">${content}</g>` : content) : '');
const fullRect = (ctx, attrs) => `<rect x="${f(-ctx.W * 0.1)}" y="${f(-ctx.H * 0.1)}" width="${f(ctx.W * 1.2)}" height="${f(ctx.H * 1.2)}" ${attrs}/>`;

function gradDef(ctx, tag, stops, attrs) {
  const id = ctx.id('g');
  ctx.def(`<${tag} id="${id}" ${attrs}>` + stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('') + `</${tag}>`);
  return `url(#${id})`;
}
function linGrad(ctx, stops, { x1 = 0, y1 = 0, x2 = 1, y2 = 0, units } = {}) {
  return gradDef(ctx, 'linearGradient', stops, `x1="${f6(x1)}" y1="${f6(y1)}" x2="${f6(x2)}" y2="${f6(y2)}"${units ? ` gradientUnits="${units}"` : ''}`);
}
function radGrad(ctx, stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, units } = {}) {
  const fo = fx !== undefined ? ` fx="${fx}" fy="${fy}"` : '';
  return gradDef(ctx, 'radialGradient', stops, `cx="${f6(cx)}" cy="${f6(cy)}" r="${f6(r)}"${fo}${units ? ` gradientUnits="${units}"` : ''}`);
}

// rotation + vertical foreshortening about the canvas centre
function tf(ctx, { rot = 0, sy = 1 } = {}) {
  if (!rot && sy === 1) return '';
  const X = ctx.W / 2, Y = ctx.H / 2;
  return `translate(${f(X)} ${f(Y)}) rotate(${f(rot)}) scale(1 ${f(sy)}) translate(${f(-X)} ${f(-Y)})`;
}

// ---------------------------------------------------------------------------
// Colour layers
// ---------------------------------------------------------------------------
// Soft tonal variation: one turbulence, a darker tint from one channel and a lighter tint from another.
function mottle(ctx, c, { dark = 0.28, light = 0.12, freq = 0.0035, dir } = {}) {
  if (ctx.periodic) {
    // seamless strips use the periodic grain texture instead of non-repeating noise
    return (
      fullRect(ctx, `fill="url(#${ctx.periodic.pattern})" opacity="0.1" style="mix-blend-mode:soft-light"`) +
      fullRect(ctx, `fill="${shade(c, -0.4)}" opacity="0.1"`)
    );
  }
  const id = ctx.id('m');
  const [dr, dg, db] = hex2rgb(shade(c, -0.45)).map((v) => f(v / 255));
  const [lr, lg, lb] = hex2rgb(shade(c, 0.25)).map((v) => f(v / 255));
  const fq = dir ? `${f6(dir[0] / ctx.u)} ${f6(dir[1] / ctx.u)}` : f6(freq / ctx.u);
  ctx.def(
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${ctx.W}" height="${ctx.H}" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${fq}" numOctaves="3" seed="${ctx.rng.seed()}" result="t"/>` +
      `<feColorMatrix in="t" type="matrix" values="0 0 0 0 ${dr} 0 0 0 0 ${dg} 0 0 0 0 ${db} ${f(dark * 4)} 0 0 0 ${f(-dark * 1.7)}" result="a"/>` +
      `<feColorMatrix in="t" type="matrix" values="0 0 0 0 ${lr} 0 0 0 0 ${lg} 0 0 0 0 ${lb} 0 ${f(light * 4)} 0 0 ${f(-light * 1.7)}" result="b"/>` +
      `<feMerge><feMergeNode in="a"/><feMergeNode in="b"/></feMerge></filter>`,
  );
  return `<rect x="0" y="0" width="${ctx.W}" height="${ctx.H}" filter="url(#${id})"/>`;
}

const colorBase = (ctx, c, o) => fullRect(ctx, `fill="${c}"`) + mottle(ctx, c, o);

// ---------------------------------------------------------------------------
// Lighting: one filter per material region
// ---------------------------------------------------------------------------
// SourceGraphic = grey height map; the colour layer comes in through feImage; out = colour x
// diffuse + specular.
function materialFilter(ctx, L, colorId, region) {
  const { u, W, H } = ctx;
  const id = ctx.id('M');
  const gf = Array.isArray(L.grainFreq) ? `${f6(L.grainFreq[0] / u)} ${f6(L.grainFreq[1] / u)}` : f6(L.grainFreq / u);
  const opaque = '1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 0 1';
  const r = region ?? { x: 0, y: 0, w: W, h: H };
  let s = `<filter id="${id}" filterUnits="userSpaceOnUse" x="${f(r.x)}" y="${f(r.y)}" width="${f(r.w)}" height="${f(r.h)}" color-interpolation-filters="sRGB">`;
  s += `<feImage href="#${colorId}" result="col"/>`;
  let src = 'SourceGraphic';
  if (L.grainAmt > 0) {
    s += `<feTurbulence type="fractalNoise" baseFrequency="${gf}" numOctaves="${L.grainOct}" seed="${ctx.rng.seed()}" result="n0"/>`;
    s += `<feColorMatrix in="n0" type="matrix" values="${opaque}" result="n"/>`;
    s += `<feComposite in="${src}" in2="n" operator="arithmetic" k2="1" k3="${f6(L.grainAmt)}" k4="${f6(-L.grainAmt / 2)}" result="ha"/>`;
    src = 'ha';
  }
  if (L.lowAmt > 0) {
    s += `<feTurbulence type="fractalNoise" baseFrequency="${f6(L.lowFreq / u)}" numOctaves="2" seed="${ctx.rng.seed()}" result="l0"/>`;
    s += `<feColorMatrix in="l0" type="matrix" values="${opaque}" result="l"/>`;
    s += `<feComposite in="${src}" in2="l" operator="arithmetic" k2="1" k3="${f6(L.lowAmt)}" k4="${f6(-L.lowAmt / 2)}" result="hb"/>`;
    src = 'hb';
  }
  s += `<feColorMatrix in="${src}" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0" result="h"/>`;
  const lt = ctx.light;
  s += `<feDiffuseLighting in="h" surfaceScale="${f(L.surface * u)}" diffuseConstant="${L.kd}" lighting-color="#ffffff" result="d"><feDistantLight azimuth="${lt.az}" elevation="${lt.el}"/></feDiffuseLighting>`;
  s += `<feComposite in="col" in2="d" operator="arithmetic" k1="1" result="lit"/>`;
  if (L.ks > 0) {
    s += `<feSpecularLighting in="h" surfaceScale="${f(L.surface * u)}" specularConstant="${L.ks}" specularExponent="${L.specExp}" lighting-color="${L.specColor ?? '#fff1dd'}" result="sp">${ctx.periodic ? `<feDistantLight azimuth="${lt.az}" elevation="62"/>` : `<fePointLight x="${f(W * lt.px)}" y="${f(H * lt.py)}" z="${f(1600 * u * lt.pz)}"/>`}</feSpecularLighting>`;
    s += `<feComposite in="lit" in2="sp" operator="arithmetic" k2="1" k3="1"/>`;
  }
  s += `</filter>`;
  ctx.def(s);
  return `url(#${id})`;
}

// A material region: { color, height, light, lightOverrides, over } clipped to a shape.
function materialGroup(ctx, m, { clip, bbox } = {}) {
  const L = { ...LIGHT[m.light ?? 'leather'], ...(m.lightOverrides ?? {}) };
  let height = fullRect(ctx, `fill="${m.heightBase ?? '#808080'}"`) + (m.height ?? '');
  if (ctx.periodic) {
    height += fullRect(ctx, `fill="url(#${ctx.periodic.pattern})" opacity="${f(L.grainAmt * 1.5)}"`);
    L.grainAmt = 0;
    L.lowAmt = 0;
  }
  const colorId = ctx.id('col');
  ctx.def(`<g id="${colorId}">${m.color}</g>`);
  const region = bbox
    ? { x: Math.max(0, bbox.x), y: Math.max(0, bbox.y), w: Math.min(ctx.W, bbox.x + bbox.w) - Math.max(0, bbox.x), h: Math.min(ctx.H, bbox.y + bbox.h) - Math.max(0, bbox.y) }
    : null;
  let attrs = '';
  if (clip) {
    const cid = ctx.id('c');
    ctx.def(`<clipPath id="${cid}">${clip}</clipPath>`);
    attrs = ` clip-path="url(#${cid})"`;
  }
  return `<g${attrs}><g filter="${materialFilter(ctx, L, colorId, region)}">${height}</g>${m.over ?? ''}</g>`;
}

// ---------------------------------------------------------------------------
// Seams, stitches and welts (collected per layer so each layer is blurred once)
// ---------------------------------------------------------------------------
class Seams {
  constructor(ctx) {
    this.ctx = ctx;
    this.h = { groove: '', under: '', thread: '', weltShadow: '', welt: '' };
    this.c = { groove: '', under: '', thread: '', weltShadow: '', welt: '' };
  }
  line(x1, y1, x2, y2, { offsets = [-9, 9], stitch = [8, 5], thread = '#eeeeee', ao = '#000000', groove = true, welt = 0, weltColor = '#333333', threadW = 2.6 } = {}) {
    const { u } = this.ctx;
    const dx = x2 - x1, dy = y2 - y1;
    const len = Math.hypot(dx, dy);
    const nx = -dy / len, ny = dx / len;
    const L = (ox, oy) => `x1="${f(x1 + ox)}" y1="${f(y1 + oy)}" x2="${f(x2 + ox)}" y2="${f(y2 + oy)}"`;
    if (welt > 0) {
      const w = welt * u;
      this.h.weltShadow += `<line ${L(0, 0)} stroke="#000" stroke-width="${f(w * 1.9)}" opacity="0.8"/>`;
      this.h.welt += `<line ${L(0, 0)} stroke="#fff" stroke-width="${f(w)}"/>`;
      this.c.weltShadow += `<line ${L(0, 0)} stroke="${ao}" stroke-width="${f(w * 1.9)}" opacity="0.6"/>`;
      this.c.welt += `<line ${L(0, 0)} stroke="${weltColor}" stroke-width="${f(w * 0.96)}"/>`;
    } else if (groove) {
      this.h.groove += `<line ${L(0, 0)} stroke="#000" stroke-width="${f(4 * u)}"/>`;
      this.c.groove += `<line ${L(0, 0)} stroke="${ao}" stroke-width="${f(5 * u)}" opacity="0.55"/>`;
    }
    for (const o of offsets) {
      const ln = L(nx * o * u, ny * o * u);
      const dash = `stroke-dasharray="${f(stitch[0] * u)} ${f(stitch[1] * u)}"`;
      // the needle holes pull the thread in: dark under-dashes, a raised light thread on top
      this.h.under += `<line ${ln} stroke="#000" stroke-width="${f(threadW * 1.6 * u)}" ${dash} opacity="0.5"/>`;
      this.h.thread += `<line ${ln} stroke="#fff" stroke-width="${f(threadW * u)}" ${dash} stroke-linecap="round" opacity="0.55"/>`;
      this.c.under += `<line ${ln} stroke="${ao}" stroke-width="${f(threadW * 1.9 * u)}" ${dash} opacity="0.45"/>`;
      this.c.thread += `<line ${ln} stroke="${thread}" stroke-width="${f(threadW * u)}" ${dash} stroke-linecap="round"/>`;
    }
    return this;
  }
  out(T) {
    const { ctx, h, c } = this;
    return {
      height:
        blurG(ctx, 2.5, h.groove, T) +
        blurG(ctx, 4, h.weltShadow, T) +
        blurG(ctx, 4, h.welt, T) +
        blurG(ctx, 1.2, h.under, T) +
        blurG(ctx, 0.5, h.thread, T),
      color:
        blurG(ctx, 2.5, c.groove, T) +
        blurG(ctx, 4, c.weltShadow, T) +
        inT(c.welt, T) +
        blurG(ctx, 1.2, c.under, T) +
        inT(c.thread, T),
    };
  }
}

// a piping cord along an SVG path, painted: contact shadow, body, core shadow, highlight
function welt(ctx, d, { w = 16, color, ao = '#000000' } = {}) {
  const { u } = ctx;
  const hl = shade(color, 0.4);
  return (
    blurG(ctx, w * 0.35, `<path d="${d}" fill="none" stroke="${ao}" stroke-width="${f(w * 1.7 * u)}" opacity="0.55"/>`, `translate(${f(2 * u)} ${f(4 * u)})`) +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(w * u)}"/>` +
    blurG(ctx, w * 0.18, `<path d="${d}" fill="none" stroke="${shade(color, -0.5)}" stroke-width="${f(w * 0.5 * u)}" opacity="0.6"/>`, `translate(${f(w * 0.18 * u)} ${f(w * 0.24 * u)})`) +
    blurG(ctx, w * 0.1, `<path d="${d}" fill="none" stroke="${hl}" stroke-width="${f(w * 0.22 * u)}" opacity="0.7"/>`, `translate(${f(-w * 0.16 * u)} ${f(-w * 0.2 * u)})`)
  );
}

// a soft shadow of a shape
function dropShadow(ctx, shape, { dx = 6, dy = 14, blur = 16, opacity = 0.55 } = {}) {
  const { u } = ctx;
  const s = shape.replace(/ fill="[^"]*"/g, '').replace(/<(rect|path|circle|ellipse|polygon)/g, '<$1 fill="#000"');
  return blurG(ctx, blur, s, `translate(${f(dx * u)} ${f(dy * u)})`, ` opacity="${opacity}"`);
}

// domed studs (rivets, nailheads) painted with gradients
function studs(ctx, pts, { r = 7, metal = 'brass' } = {}) {
  const { u } = ctx;
  const cols = metal === 'brass' ? ['#fff3c4', '#d6a84e', '#7a5420', '#3a2610'] : ['#ffffff', '#c9ccd0', '#6d7075', '#2c2e31'];
  const g = radGrad(ctx, [[0, cols[0]], [0.25, cols[1]], [0.75, cols[2]], [1, cols[3]]], { fx: 0.35, fy: 0.3 });
  let sh = '', body = '';
  for (const [x, y] of pts) {
    sh += `<circle cx="${f(x + r * 0.35 * u)}" cy="${f(y + r * 0.5 * u)}" r="${f(r * 1.15 * u)}" fill="#000" opacity="0.45" filter="${ctx.blurS(r * 0.35)}"/>`;
    body += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * u)}" fill="${g}"/>`;
  }
  return sh + body;
}

const join = (...parts) => ({ height: parts.map((p) => p.height ?? '').join(''), color: parts.map((p) => p.color ?? '').join('') });

// ---------------------------------------------------------------------------
// Structures: each returns { height, color } in canvas coordinates
// ---------------------------------------------------------------------------

// deep diamond tufting with covered buttons
function tufted(ctx, { dx = 260, dy = 200, btn = 15, pal, rot = -5, sy = 1, depth = 1, wrinkles = 3, buttonColor, jitter = 0.03, area } = {}) {
  const { u, rng } = ctx;
  dx *= u;
  dy *= u;
  const r = btn * u;
  const b = area ?? ctx.box;
  const pil = radGrad(ctx, [[0, '#ffffff'], [0.3, mix('#ffffff', '#d8d8d8', depth)], [0.55, mix('#ffffff', '#a0a0a0', depth)], [0.76, mix('#ffffff', '#585858', depth)], [0.9, mix('#ffffff', '#282828', depth)], [1, '#000000']]);
  const dome = radGrad(ctx, [[0, '#f4f4f4'], [0.6, '#c8c8c8'], [1, '#6a6a6a']], { fx: 0.4, fy: 0.38 });
  const ao = aoOf(pal.base);
  const bc = buttonColor ?? shade(pal.base, -0.1);
  let cells = '', creases = '', pits = '', domes = '', wr = '', cBtn = '', cAO = '';
  // wrinkles are drawn from a small per-row set so periodic strips stay periodic
  const sets = [0, 1].map(() => Array.from({ length: wrinkles }, () => [rng.range(0, Math.PI * 2), rng.range(0.16, 0.3), rng.range(-6, 6)]));
  const j0 = Math.floor(b.y0 / dy) - 1, j1 = Math.ceil(b.y1 / dy) + 1;
  const i0 = Math.floor(b.x0 / dx) - 1, i1 = Math.ceil(b.x1 / dx) + 1;
  for (let j = j0; j <= j1; j++) {
    const odd = Math.abs(j) % 2;
    for (let i = i0; i <= i1; i++) {
      const bx = i * dx + (odd ? dx / 2 : 0);
      const by = j * dy;
      const cx = bx + dx / 2;
      const jx = jitter ? rng.range(-jitter, jitter) * dx : 0;
      const full = jitter ? rng.range(0.82, 1) : 1; // some cushions are fuller than others
      cells += `<polygon points="${f(cx - dx / 2)},${f(by)} ${f(cx + jx)},${f(by - dy)} ${f(cx + dx / 2)},${f(by)} ${f(cx - jx)},${f(by + dy)}" opacity="${f(full)}"/>`;
      pits += `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(r * 1.6)}"/>`;
      domes += `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(r * 1.1)}"/>`;
      cBtn += `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(r * 1.12)}"/>`;
      cAO += `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(r * 1.6)}"/>`;
      for (const [a, l, q] of sets[odd]) {
        const len = l * dy;
        const x2 = bx + Math.cos(a) * len, y2 = by + Math.sin(a) * len * 0.8;
        wr += `<path d="M${f(bx + Math.cos(a) * r * 1.4)} ${f(by + Math.sin(a) * r * 1.4)}Q${f((bx + x2) / 2 + q * u)} ${f((by + y2) / 2 - q * u)} ${f(x2)} ${f(y2)}"/>`;
      }
    }
  }
  // crease lines: the two families of lines through the buttons
  const m = (2 * dy) / dx;
  const span = (b.y1 - b.y0) + 400 * u;
  for (let k = Math.floor((b.x0 - span / m) / dx) - 1; k <= Math.ceil((b.x1 + span / m) / dx) + 1; k++) {
    const x0 = k * dx;
    creases += `<line x1="${f(x0 - span / m)}" y1="${f(-span)}" x2="${f(x0 + span / m)}" y2="${f(span)}"/>`;
    creases += `<line x1="${f(x0 + span / m)}" y1="${f(-span)}" x2="${f(x0 - span / m)}" y2="${f(span)}"/>`;
  }
  const T = tf(ctx, { rot, sy });
  const height =
    blurG(ctx, 5, `<g fill="${pil}">${cells.replace(/<polygon/g, `<polygon fill="${pil}"`)}</g>`, T) +
    blurG(ctx, 2.2, `<g stroke="#000" stroke-width="${f(3 * u)}" opacity="0.7">${creases}</g>`, T) +
    blurG(ctx, 4, `<g fill="#000">${pits}</g>`, T) +
    blurG(ctx, 3.5, `<g stroke="#202020" stroke-width="${f(5 * u)}" fill="none" stroke-linecap="round" opacity="0.45">${wr}</g>`, T) +
    blurG(ctx, 1.2, `<g fill="${dome}">${domes.replace(/<circle/g, `<circle fill="${dome}"`)}</g>`, T);
  const color =
    colorBase(ctx, pal.base) +
    blurG(ctx, 5, `<g stroke="${ao}" stroke-width="${f(7 * u)}" opacity="0.5">${creases}</g>`, T) +
    blurG(ctx, 5, `<g fill="${ao}" opacity="0.6">${cAO}</g>`, T) +
    blurG(ctx, 3, `<g stroke="${ao}" stroke-width="${f(5 * u)}" fill="none" opacity="0.22">${wr}</g>`, T) +
    blurG(ctx, 0.6, `<g fill="${bc}">${cBtn}</g>`, T);
  return { height, color };
}

// parallel pleated channels with topstitched seams
function channels(ctx, { cw = 110, pal, rot = 0, sy = 1, vertical = true, stitch = [8, 5], offsets = [-8, 8], thread, from, to, area } = {}) {
  const { u } = ctx;
  const w = cw * u;
  const b = area ?? ctx.box;
  const stops = [[0, '#2a2a2a'], [0.07, '#8a8a8a'], [0.25, '#dcdcdc'], [0.5, '#ffffff'], [0.75, '#dcdcdc'], [0.93, '#8a8a8a'], [1, '#2a2a2a']];
  const grad = vertical ? linGrad(ctx, stops) : linGrad(ctx, stops, { x2: 0, y2: 1 });
  const S = new Seams(ctx);
  let cells = '';
  const A0 = from ?? (vertical ? b.x0 : b.y0);
  const A1 = to ?? (vertical ? b.x1 : b.y1);
  const n = Math.ceil((A1 - A0) / w);
  const opts = { thread: thread ?? pal.thread, ao: aoOf(pal.base), stitch, offsets };
  for (let k = 0; k <= n; k++) {
    const a = A0 + k * w;
    if (vertical) {
      cells += `<rect x="${f(a)}" y="${f(b.y0)}" width="${f(w)}" height="${f(b.y1 - b.y0)}"/>`;
      S.line(a, b.y0, a, b.y1, opts);
    } else {
      cells += `<rect x="${f(b.x0)}" y="${f(a)}" width="${f(b.x1 - b.x0)}" height="${f(w)}"/>`;
      S.line(b.x0, a, b.x1, a, opts);
    }
  }
  const T = tf(ctx, { rot, sy });
  const s = S.out(T);
  return {
    height: blurG(ctx, 3, `<g fill="${grad}">${cells.replace(/<rect/g, `<rect fill="${grad}"`)}</g>`, T) + s.height,
    color: colorBase(ctx, pal.base) + s.color,
  };
}

// diamond quilting: stitched lattice with puffy cells
function quilt(ctx, { dx = 120, dy = 120, pal, rot = 0, sy = 1, stitch = [7, 4], thread, double = false, puff = 1 } = {}) {
  const { u } = ctx;
  dx *= u;
  dy *= u;
  const b = ctx.box;
  // puffy cells: the stitch lattice drawn as broad dark lines on white and blurred
  let lat = '';
  {
    const m = (2 * dy) / dx;
    const span = (b.y1 - b.y0) * 1.2;
    for (let k = Math.floor((b.x0 - span / m) / dx) - 1; k <= Math.ceil((b.x1 + span / m) / dx) + 1; k++) {
      const x0 = k * dx + dx / 2;
      lat += `<line x1="${f(x0 - span / m)}" y1="${f(-span)}" x2="${f(x0 + span / m)}" y2="${f(span)}"/><line x1="${f(x0 + span / m)}" y1="${f(-span)}" x2="${f(x0 - span / m)}" y2="${f(span)}"/>`;
    }
  }
  const cellW = Math.min(dx, dy);
  const cells = `<g stroke="${mix('#ffffff', '#404040', puff)}" stroke-width="${f(cellW * 0.12)}">${lat}</g>`;
  const S = new Seams(ctx);
  const m = (2 * dy) / dx;
  const span = (b.y1 - b.y0) * 1.2;
  const opts = { thread: thread ?? pal.thread, ao: aoOf(pal.base), stitch, offsets: double ? [-5, 5] : [0] };
  for (let k = Math.floor((b.x0 - span / m) / dx) - 1; k <= Math.ceil((b.x1 + span / m) / dx) + 1; k++) {
    const x0 = k * dx + dx / 2;
    S.line(x0 - span / m, -span, x0 + span / m, span, opts);
    S.line(x0 + span / m, -span, x0 - span / m, span, opts);
  }
  const T = tf(ctx, { rot, sy });
  const s = S.out(T);
  return {
    // blurred twice: a single (box-approximated) blur leaves facets that the lighting picks out
    height: fullRect(ctx, 'fill="#f2f2f2"') + blurG(ctx, (cellW / u) * 0.1, blurG(ctx, (cellW / u) * 0.1, cells, T)) + s.height,
    color: colorBase(ctx, pal.base) + s.color,
  };
}

// plain hide, optionally with soft folds. Folds are painted (a highlight on the side facing the
// light, a shadow below): broad smooth forms band visibly when lit from an 8-bit height map.
function plain(ctx, { pal, folds = 0, color } = {}) {
  const { u, rng, W, H } = ctx;
  let hi = '', lo = '';
  for (let k = 0; k < folds; k++) {
    const x = rng.range(0, W), y = rng.range(0, H);
    const a = rng.range(-25, 25);
    const L = rng.range(0.25, 0.6) * W;
    const bend = rng.range(-40, 40) * u;
    const w = rng.range(26, 46) * u;
    const op = f(rng.range(0.25, 0.45));
    const d = (o) => `M ${f(x - L / 2)} ${f(y + o)} Q ${f(x)} ${f(y + bend + o)} ${f(x + L / 2)} ${f(y + o)}`;
    const T = `transform="rotate(${f(a)} ${f(x)} ${f(y)})"`;
    hi += `<path d="${d(-w * 0.35)}" ${T} stroke-width="${f(w)}" opacity="${op}"/>`;
    lo += `<path d="${d(w * 0.45)}" ${T} stroke-width="${f(w * 0.8)}" opacity="${op}"/>`;
  }
  const c = color ?? pal.base;
  return {
    height: '',
    color:
      colorBase(ctx, c) +
      blurG(ctx, 14, `<g fill="none" stroke="${shade(c, 0.35)}" stroke-linecap="round">${hi}</g>`) +
      blurG(ctx, 12, `<g fill="none" stroke="${shade(c, -0.55)}" stroke-linecap="round">${lo}</g>`),
  };
}

// woven fabric from a weave matrix (1 = warp on top)
const WEAVES = {
  plain: [[1, 0], [0, 1]],
  basket: [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]],
  twill: [[1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1]],
  herringbone: [
    [1, 1, 0, 0, 1, 0, 0, 1],
    [0, 1, 1, 0, 1, 1, 0, 0],
    [0, 0, 1, 1, 0, 1, 1, 0],
    [1, 0, 0, 1, 0, 0, 1, 1],
  ],
};
function weave(ctx, { p = 7, kind = 'plain', warp, weft, rot = 0, sy = 1, stripes, heather = 0.25, relief = 0.45, contrast = 1 } = {}) {
  const { u } = ctx;
  const s = p * u;
  const M = WEAVES[kind];
  const rows = M.length, cols = M[0].length;
  const cyl = [[0, '#707070'], [0.3, '#d0d0d0'], [0.5, '#ffffff'], [0.7, '#d0d0d0'], [1, '#707070']];
  const gx = linGrad(ctx, cyl);
  const gy = linGrad(ctx, cyl, { x2: 0, y2: 1 });
  const endStops = [[0, '#000', 0.25], [0.2, '#000', 0], [0.8, '#000', 0], [1, '#000', 0.25]];
  const ends = linGrad(ctx, endStops, { x2: 0, y2: 1 });
  const endsX = linGrad(ctx, endStops);
  let hp = '', cp = '';
  const wa = shade(warp, 0.04 * contrast), we = mix(warp, shade(weft, -0.06), contrast);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const at = `x="${f(c * s)}" y="${f(r * s)}" width="${f(s)}" height="${f(s)}"`;
      if (M[r][c]) {
        hp += `<rect ${at} fill="${gx}"/><rect ${at} fill="${ends}"/>`;
        cp += `<rect ${at} fill="${wa}"/>`;
      } else {
        hp += `<rect ${at} fill="${gy}"/><rect ${at} fill="${endsX}"/>`;
        cp += `<rect ${at} fill="${we}"/>`;
      }
    }
  }
  const T = tf(ctx, { rot, sy });
  const hid = ctx.id('p'), cid = ctx.id('p');
  const pt = T ? ` patternTransform="${T}"` : '';
  ctx.def(`<pattern id="${hid}" patternUnits="userSpaceOnUse" width="${f(cols * s)}" height="${f(rows * s)}"${pt}>${hp}</pattern>`);
  ctx.def(`<pattern id="${cid}" patternUnits="userSpaceOnUse" width="${f(cols * s)}" height="${f(rows * s)}"${pt}>${cp}</pattern>`);
  let stripeSvg = '';
  if (stripes) {
    // woven stripes follow the warp
    const b = ctx.box;
    let x = b.x0, k = 0, st = '';
    while (x < b.x1) {
      const band = stripes[k % stripes.length];
      st += `<rect x="${f(x)}" y="${f(b.y0)}" width="${f(band.w * u)}" height="${f(b.y1 - b.y0)}" fill="${band.c}"/>`;
      x += band.w * u;
      k++;
    }
    stripeSvg = `<g style="mix-blend-mode:multiply">${inT(st, T)}</g>`;
  }
  return {
    height: fullRect(ctx, `fill="url(#${hid})" opacity="${relief}"`),
    color: fullRect(ctx, `fill="url(#${cid})"`) + stripeSvg + mottle(ctx, warp, { dark: heather, light: heather * 0.6, freq: 0.004 }),
  };
}

// suede / velvet: napped surface with tonal patches
function napped(ctx, { c, strength = 0.35, streak = true } = {}) {
  let color = fullRect(ctx, `fill="${c}"`);
  color += mottle(ctx, c, { dark: strength, light: strength * 0.8, freq: 0.003 });
  if (streak) color += mottle(ctx, c, { dark: 0.08, light: 0.2, dir: [0.0015, 0.03] });
  return { height: '', color };
}

// wood grain: a smooth, stretched noise field folded into growth rings, plus fine pores
function wood(ctx, { dark = '#3b2314', light = '#9a663c', rings = 23 } = {}) {
  const id = ctx.id('w');
  const [dr, dg, db] = hex2rgb(dark).map((v) => v / 255);
  const [lr, lg, lb] = hex2rgb(light).map((v) => v / 255);
  const table = Array.from({ length: rings }, (_, i) => (i % 2 ? '1' : '0')).join(' ');
  const fn = (t) => `<feFuncR type="${t}"/><feFuncG type="${t}"/><feFuncB type="${t}"/>`;
  const opaque = '1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 1';
  const u = ctx.u;
  ctx.def(
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${ctx.W}" height="${ctx.H}" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${f6(0.0007 / u)} ${f6(0.0045 / u)}" numOctaves="2" seed="${ctx.rng.seed()}" result="a"/>` +
      `<feColorMatrix in="a" type="matrix" values="${opaque}" result="a1"/>` +
      `<feComponentTransfer in="a1" result="r">${fn(`table" tableValues="${table}`)}</feComponentTransfer>` +
      `<feComponentTransfer in="r" result="r2">${fn('gamma" amplitude="1" exponent="0.5" offset="0')}</feComponentTransfer>` +
      `<feTurbulence type="fractalNoise" baseFrequency="${f6(0.002 / u)} ${f6(0.2 / u)}" numOctaves="2" seed="${ctx.rng.seed()}" result="p"/>` +
      `<feColorMatrix in="p" type="matrix" values="${opaque}" result="p1"/>` +
      `<feComposite in="r2" in2="p1" operator="arithmetic" k2="0.6" k3="0.35" k4="0.02" result="m"/>` +
      `<feColorMatrix in="m" type="matrix" values="${f6(lr - dr)} 0 0 0 ${f6(dr)} ${f6(lg - dg)} 0 0 0 ${f6(dg)} ${f6(lb - db)} 0 0 0 ${f6(db)} 0 0 0 0 1"/>` +
      `</filter>`,
  );
  return { height: '', color: `<rect x="0" y="0" width="${ctx.W}" height="${ctx.H}" filter="url(#${id})"/>` + mottle(ctx, dark, { dark: 0.25, light: 0.08, freq: 0.003 }) };
}

// brushed aluminium with a broad anisotropic reflection
function metal(ctx, { c = '#9a9ea3' } = {}) {
  const id = ctx.id('a');
  const [r, g, b] = hex2rgb(c).map((v) => v / 255);
  ctx.def(
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${ctx.W}" height="${ctx.H}" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${f6(0.0012 / ctx.u)} ${f6(0.45 / ctx.u)}" numOctaves="3" seed="${ctx.rng.seed()}"/>` +
      `<feColorMatrix type="matrix" values="${f6(r * 0.5)} 0 0 0 ${f6(r * 0.75)} ${f6(g * 0.5)} 0 0 0 ${f6(g * 0.75)} ${f6(b * 0.5)} 0 0 0 ${f6(b * 0.75)} 0 0 0 0 1"/>` +
      `</filter>`,
  );
  const band = linGrad(ctx, [[0, '#000', 0.35], [0.3, '#fff', 0], [0.46, '#fff', 0.3], [0.55, '#fff', 0.08], [0.8, '#000', 0.15], [1, '#000', 0.4]]);
  return { height: '', color: `<rect x="0" y="0" width="${ctx.W}" height="${ctx.H}" filter="url(#${id})"/>` + fullRect(ctx, `fill="${band}"`) };
}

// perforation holes (a pattern) over a vinyl insert
function perforation(ctx, { pitch = 20, r = 2.6, rot = 0, sy = 1, holeColor = '#2a241e' } = {}) {
  const { u } = ctx;
  const s = pitch * u;
  const hid = ctx.id('p'), cid = ctx.id('p');
  const T = tf(ctx, { rot, sy });
  const pt = T ? ` patternTransform="${T}"` : '';
  const dots = (fill) => `<circle cx="${f(s / 4)}" cy="${f(s / 4)}" r="${f(r * u)}" fill="${fill}"/><circle cx="${f((3 * s) / 4)}" cy="${f((3 * s) / 4)}" r="${f(r * u)}" fill="${fill}"/>`;
  ctx.def(`<pattern id="${hid}" patternUnits="userSpaceOnUse" width="${f(s)}" height="${f(s)}"${pt}>${dots('#000')}</pattern>`);
  ctx.def(`<pattern id="${cid}" patternUnits="userSpaceOnUse" width="${f(s)}" height="${f(s)}"${pt}>${dots(holeColor)}</pattern>`);
  return { height: fullRect(ctx, `fill="url(#${hid})" opacity="0.6"`), color: fullRect(ctx, `fill="url(#${cid})" opacity="0.75"`) };
}

// ---------------------------------------------------------------------------
// Scenes: compositions of material regions and painted details
// ---------------------------------------------------------------------------
function edgeBand(ctx, pal, o) {
  // the rounded front of a seat or cushion across the bottom, with a welt
  const { W, H, u } = ctx;
  const y = H * o.edge;
  const d = `M -40 ${f(y + 20 * u)} Q ${f(W * 0.5)} ${f(y - 30 * u)} ${f(W + 40)} ${f(y + 5 * u)}`;
  const shape = `<path d="${d} L ${W + 40} ${H + 40} L -40 ${H + 40} Z"/>`;
  const rg = linGrad(ctx, [[0, '#ffffff'], [0.4, '#b0b0b0'], [1, '#404040']], { x2: 0, y2: 1 });
  const bp = o.edgePal ? PALETTES[o.edgePal] : pal;
  const m = plain(ctx, { pal: bp });
  let s = dropShadow(ctx, shape, { dx: 0, dy: -4, blur: 10, opacity: 0.5 });
  s += materialGroup(
    ctx,
    { height: blurG(ctx, 8, `<rect x="${f(-W * 0.1)}" y="${f(y - 20 * u)}" width="${f(W * 1.2)}" height="${f(H - y + 40 * u)}" fill="${rg}"/>`), color: m.color, light: o.edgeLight ?? o.light ?? 'leather' },
    { clip: shape, bbox: { x: 0, y: y - 60 * u, w: W, h: H } },
  );
  s += welt(ctx, d, { w: 14, color: o.pipe ?? bp.pipe });
  return s;
}

function nailRow(ctx, { y = 0.9, step = 30 } = {}) {
  const { W, H, u } = ctx;
  const pts = [];
  for (let x = 10 * u; x < W; x += step * u) pts.push([x, H * y]);
  return studs(ctx, pts, { r: 10, metal: 'brass' });
}

const SCENES = {
  // full-frame deep button tufting; optional rolled edge with welt at the bottom
  tufted(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    let s = materialGroup(ctx, { ...tufted(ctx, { ...o, pal }), light: o.light ?? 'leather' });
    if (o.roll) {
      const y = H * o.roll;
      const d = `M -20 ${f(y + 30 * u)} Q ${f(W * 0.5)} ${f(y - 40 * u)} ${f(W + 20)} ${f(y + 10 * u)}`;
      const rollShape = `<path d="${d} L ${W + 20} ${H + 20} L -20 ${H + 20} Z"/>`;
      const rg = linGrad(ctx, [[0, '#ffffff'], [0.35, '#d8d8d8'], [1, '#303030']], { x2: 0, y2: 1 });
      s += dropShadow(ctx, rollShape, { dx: 0, dy: -4, blur: 10, opacity: 0.5 });
      s += materialGroup(
        ctx,
        { height: blurG(ctx, 6, `<rect x="${f(-W * 0.1)}" y="${f(y - 30 * u)}" width="${f(W * 1.2)}" height="${f(H - y + 40 * u)}" fill="${rg}"/>`), color: colorBase(ctx, pal.base), light: o.light ?? 'leather' },
        { clip: rollShape, bbox: { x: 0, y: y - 60 * u, w: W, h: H } },
      );
      s += welt(ctx, d, { w: 15, color: pal.pipe });
    }
    if (o.nailheads) s += nailRow(ctx, o.nailheads);
    return s;
  },

  // seat: an insert (channels or quilting) between two plain bolsters
  seat(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    const ip = o.insertPal ? PALETTES[o.insertPal] : pal;
    const rot = o.rot ?? -4;
    const xa = W * (o.split?.[0] ?? 0.2), xb = W * (o.split?.[1] ?? 0.8);
    const T = tf(ctx, { rot });
    const yTop = -H * 0.5, yBot = H * 1.5;
    const centre = `<rect x="${f(xa)}" y="${f(yTop)}" width="${f(xb - xa)}" height="${f(yBot - yTop)}" transform="${T}"/>`;
    // bolsters roll away from the insert
    const bg = linGrad(ctx, [[0, '#000', 0], [0.6, '#000', 0], [1, '#000', 0.5]]);
    const bg2 = linGrad(ctx, [[0, '#000', 0.5], [0.4, '#000', 0], [1, '#000', 0]]);
    const bol = plain(ctx, { pal, folds: 4 });
    bol.color += inT(`<rect x="${f(xa - 300 * u)}" y="${f(yTop)}" width="${f(300 * u)}" height="${f(yBot - yTop)}" fill="${bg}"/><rect x="${f(xb)}" y="${f(yTop)}" width="${f(300 * u)}" height="${f(yBot - yTop)}" fill="${bg2}"/>`, T);
    let s = materialGroup(ctx, { ...bol, light: o.light ?? 'leather' });
    let ins = o.quilt
      ? quilt(ctx, { pal: ip, rot, dx: o.cell ?? 110, dy: o.cell ?? 110, double: o.double, thread: o.thread })
      : channels(ctx, { pal: ip, rot, cw: o.cw ?? 100, vertical: o.vertical ?? false, thread: o.thread });
    if (o.perforated) ins = join(ins, perforation(ctx, { rot }));
    s += dropShadow(ctx, centre, { dx: 0, dy: 6, blur: 10, opacity: 0.6 });
    s += materialGroup(ctx, { ...ins, light: o.insertLight ?? o.light ?? 'leather' }, { clip: centre });
    s += inT(welt(ctx, `M${f(xa)} ${f(yTop)} L ${f(xa)} ${f(yBot)}`, { w: 13, color: o.pipe ?? pal.pipe }) + welt(ctx, `M${f(xb)} ${f(yTop)} L ${f(xb)} ${f(yBot)}`, { w: 13, color: o.pipe ?? pal.pipe }), T);
    // topstitch on the bolsters beside each welt
    const S = new Seams(ctx);
    const so = { thread: pal.thread, ao: aoOf(pal.base), offsets: [0], groove: false };
    S.line(xa - 18 * u, yTop, xa - 18 * u, yBot, so).line(xb + 18 * u, yTop, xb + 18 * u, yBot, so);
    s += S.out(T).color;
    return s;
  },

  // full-frame diamond quilting (motorcycle seats, cushions)
  quilt(ctx, o) {
    const pal = PALETTES[o.pal];
    let s = materialGroup(ctx, { ...quilt(ctx, { ...o, pal }), light: o.light ?? 'leather', lightOverrides: o.lightOverrides });
    if (o.edge) s += edgeBand(ctx, pal, o);
    return s;
  },

  // full-frame channels (booths, headboards, gym pads)
  channels(ctx, o) {
    const pal = PALETTES[o.pal];
    let m = channels(ctx, { ...o, pal });
    if (o.perforated) m = join(m, perforation(ctx, { rot: o.rot }));
    let s = materialGroup(ctx, { ...m, light: o.light ?? 'leather' });
    if (o.edge) s += edgeBand(ctx, pal, o);
    return s;
  },

  // plain hide with a curved welted seam and topstitching (repairs, recliners, door panels)
  panels(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    let s = materialGroup(ctx, { ...plain(ctx, { pal, folds: o.folds ?? 6 }), light: o.light ?? 'smoothLeather' });
    const y0 = H * (o.seamY ?? 0.58);
    const sag = (o.sag ?? 0.08) * H;
    const curve = (dy) => `M -40 ${f(y0 - sag + dy)} Q ${f(W * 0.55)} ${f(y0 + sag + dy)} ${f(W + 40)} ${f(y0 - sag * 0.4 + dy)}`;
    const d = curve(0);
    const below = `<path d="${d} L ${W + 40} ${H + 40} L -40 ${H + 40} Z"/>`;
    const p2 = o.pal2 ? PALETTES[o.pal2] : { ...pal, base: shade(pal.base, -0.15) };
    const lower = plain(ctx, { pal: p2, folds: 3 });
    const rg = linGrad(ctx, [[0, '#707070'], [0.12, '#ffffff'], [0.5, '#c8c8c8'], [1, '#808080']], { x2: 0, y2: 1 });
    s += dropShadow(ctx, below, { dx: 0, dy: -3, blur: 8, opacity: 0.5 });
    s += materialGroup(
      ctx,
      { height: blurG(ctx, 10, `<rect x="${f(-W * 0.1)}" y="${f(y0 - sag * 1.2)}" width="${f(W * 1.2)}" height="${f(H)}" fill="${rg}"/>`) + lower.height, color: lower.color, light: o.light2 ?? o.light ?? 'smoothLeather' },
      { clip: below },
    );
    s += welt(ctx, d, { w: 14, color: p2.pipe ?? pal.pipe });
    // topstitching following the curve above the welt
    const dd = curve(-26 * u);
    const dash = `stroke-dasharray="${f(9 * u)} ${f(6 * u)}"`;
    s += blurG(ctx, 1.3, `<path d="${dd}" fill="none" stroke="#000" stroke-width="${f(4 * u)}" ${dash} opacity="0.35"/>`, `translate(${f(u)} ${f(1.5 * u)})`);
    s += `<path d="${dd}" fill="none" stroke="${pal.thread}" stroke-width="${f(2.6 * u)}" ${dash} stroke-linecap="round"/>`;
    if (o.scuff) {
      // a blended-in repair: slightly different tone with soft edges
      const g = radGrad(ctx, [[0, shade(pal.base, 0.14), 0.5], [1, pal.base, 0]]);
      s += `<ellipse cx="${f(W * 0.62)}" cy="${f(H * 0.3)}" rx="${f(W * 0.2)}" ry="${f(H * 0.16)}" fill="${g}" style="mix-blend-mode:soft-light"/>`;
    }
    return s;
  },

  // woven cushion with a piped corner over a second fabric
  fabric(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    const back = o.back ? weave(ctx, { p: o.backP ?? 7, kind: o.backKind ?? 'plain', warp: o.back, weft: shade(o.back, -0.1), rot: 8, relief: 0.3, contrast: 0.5 }) : plain(ctx, { pal: { base: '#2a211a' } });
    let s = materialGroup(ctx, { ...back, light: 'fabric' });
    const cx = W * (o.cx ?? 0.12), cy = H * (o.cy ?? 0.16), rr = 130 * u;
    const rot = o.rot ?? -6;
    const T = `rotate(${rot} ${f(W / 2)} ${f(H / 2)})`;
    const box = `x="${f(cx)}" y="${f(cy)}" width="${f(W * 1.4)}" height="${f(H * 1.4)}" rx="${f(rr)}"`;
    const shape = `<rect ${box} transform="${T}"/>`;
    const wv = weave(ctx, { p: (o.p ?? 6) * 1.2, kind: o.kind ?? 'plain', warp: o.warp ?? pal.base, weft: o.weft ?? shade(pal.base, -0.12), rot, stripes: o.stripes, relief: 0.3, contrast: 0.45 });
    // the cushion rolls down towards its piped edge; a few soft pulls run in from the corner
    let pulls = '';
    const ox = cx + rr * 0.35, oy = cy + rr * 0.35;
    for (let k = 0; k < 4; k++) {
      const a = (Math.PI / 2) * (0.12 + 0.76 * ctx.rng.next());
      const len = ctx.rng.range(180, 320) * u;
      const x2 = ox + Math.cos(a) * len, y2 = oy + Math.sin(a) * len;
      pulls += `<path d="M${f(ox)} ${f(oy)} Q ${f((ox + x2) / 2 + 20 * u)} ${f((oy + y2) / 2 - 10 * u)} ${f(x2)} ${f(y2)}" stroke-width="${f(ctx.rng.range(10, 18) * u)}"/>`;
    }
    const hm =
      blurG(ctx, 26, `<rect ${box} fill="#e8e8e8"/><rect ${box} fill="none" stroke="#000" stroke-width="${f(110 * u)}"/>`, T) +
      blurG(ctx, 9, `<g fill="none" stroke="#000" stroke-linecap="round" opacity="0.5">${pulls}</g>`, T);
    s += dropShadow(ctx, shape, { dx: 14, dy: 26, blur: 26, opacity: 0.6 });
    s += materialGroup(ctx, { height: hm + wv.height, color: wv.color + blurG(ctx, 9, `<g fill="none" stroke="#000" stroke-linecap="round" opacity="0.18">${pulls}</g>`, T), light: 'fabric', lightOverrides: { surface: 30 } }, { clip: shape });
    const i = 3 * u;
    const d = `M ${f(cx + i)} ${f(cy + H * 1.4)} L ${f(cx + i)} ${f(cy + rr)} Q ${f(cx + i)} ${f(cy + i)} ${f(cx + rr)} ${f(cy + i)} L ${f(cx + W * 1.4)} ${f(cy + i)}`;
    s += inT(welt(ctx, d, { w: 16, color: o.pipe ?? pal.pipe }), T);
    return s;
  },

  // throw pillows resting on a piped seat cushion in front of a sofa back
  pillows(ctx, o) {
    const { W, H, u, rng } = ctx;
    // at this distance the weave reads as a fine, slightly slubby texture rather than threads
    const wv = (it, rot) => {
      const T = tf(ctx, { rot });
      let stripes = '';
      if (it.stripes) {
        const b = ctx.box;
        let x = b.x0, k = 0;
        while (x < b.x1) {
          const band = it.stripes[k++ % it.stripes.length];
          stripes += `<rect x="${f(x)}" y="${f(b.y0)}" width="${f(band.w * u)}" height="${f(b.y1 - b.y0)}" fill="${band.c}"/>`;
          x += band.w * u;
        }
        stripes = `<g style="mix-blend-mode:multiply">${inT(stripes, T)}</g>`;
      }
      const slub = mottle(ctx, it.c, { dark: 0.12, light: 0.18, dir: rot ? undefined : [0.002, 0.06], freq: 0.01 });
      const relief = weave(ctx, { p: 3.4, kind: it.kind ?? 'plain', warp: it.c, weft: it.c, rot, relief: 0.32 }).height;
      return { height: relief, color: fullRect(ctx, `fill="${it.c}"`) + stripes + mottle(ctx, it.c, { dark: 0.22, light: 0.1 }) + slub };
    };
    let s = materialGroup(ctx, { ...wv(o.back, 0), light: 'fabric', lightOverrides: { grainAmt: 0.035 } });
    // the seat cushion: top deck and a front face below a welt
    const yS = H * (o.seatY ?? 0.66);
    const seatShape = `<rect x="-20" y="${f(yS)}" width="${W + 40}" height="${f(H - yS + 20)}"/>`;
    const seat = wv(o.seat, 0);
    const face = linGrad(ctx, [[0, '#fff', 0.12], [0.25, '#000', 0], [1, '#000', 0.45]], { x1: 0, y1: yS, x2: 0, y2: H, units: 'userSpaceOnUse' });
    s += dropShadow(ctx, seatShape, { dx: 0, dy: -6, blur: 16, opacity: 0.5 });
    s += materialGroup(ctx, { height: seat.height, color: seat.color + fullRect(ctx, `fill="${face}"`), light: 'fabric', lightOverrides: { grainAmt: 0.035 } }, { clip: seatShape, bbox: { x: 0, y: yS - 40 * u, w: W, h: H } });
    s += welt(ctx, `M -40 ${f(yS)} L ${W + 40} ${f(yS)}`, { w: 15, color: o.seat.pipe ?? shade(o.seat.c, -0.3) });
    for (const it of o.pillows) {
      const cx = W * it.x, cy = H * it.y, a = (it.s * H) / 2, k = 0.17 * a;
      const T = `translate(${f(cx)} ${f(cy)}) rotate(${f(it.rot)})`;
      // corners pull out into points, the sides bow in
      const d = `M ${f(-a)} ${f(-a)} Q 0 ${f(-a + k)} ${f(a)} ${f(-a)} Q ${f(a - k)} 0 ${f(a)} ${f(a)} Q 0 ${f(a - k)} ${f(-a)} ${f(a)} Q ${f(-a + k)} 0 ${f(-a)} ${f(-a)} Z`;
      const shape = `<path d="${d}" transform="${T}"/>`;
      const m = wv(it, it.rot);
      // painted volume: a soft dome lit from the upper left, and pulls running in from the corners
      const dome = radGrad(ctx, [[0, '#fff', 0.3], [0.4, '#fff', 0.04], [0.7, '#000', 0.22], [1, '#000', 0.7]], { cx: 0.42, cy: 0.38, r: 0.62 });
      let pullsD = '', pullsL = '';
      for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        for (let n = 0; n < 2; n++) {
          const len = rng.range(0.35, 0.6) * a;
          const ang = Math.atan2(-sy, -sx) + rng.range(-0.35, 0.35);
          const x1 = sx * a * 0.92, y1 = sy * a * 0.92;
          const x2 = x1 + Math.cos(ang) * len, y2 = y1 + Math.sin(ang) * len;
          const c = `M ${f(x1)} ${f(y1)} Q ${f((x1 + x2) / 2 + rng.range(-10, 10) * u)} ${f((y1 + y2) / 2 + rng.range(-10, 10) * u)} ${f(x2)} ${f(y2)}`;
          pullsD += `<path d="${c}" stroke-width="${f(rng.range(8, 14) * u)}"/>`;
          pullsL += `<path d="${c}" stroke-width="${f(rng.range(6, 10) * u)}" transform="translate(${f(-5 * u)} ${f(-6 * u)})"/>`;
        }
      }
      const paint =
        `<g transform="${T}"><rect x="${f(-a * 1.1)}" y="${f(-a * 1.1)}" width="${f(a * 2.2)}" height="${f(a * 2.2)}" fill="${dome}"/></g>` +
        blurG(ctx, 7, `<g fill="none" stroke="#000" stroke-linecap="round" opacity="0.35">${pullsD}</g>`, T) +
        blurG(ctx, 6, `<g fill="none" stroke="#fff" stroke-linecap="round" opacity="0.16">${pullsL}</g>`, T) +
        blurG(ctx, 18, `<path d="${d}" fill="none" stroke="#000" stroke-width="${f(40 * u)}" opacity="0.35"/>`, T);
      s += dropShadow(ctx, shape, { dx: 16, dy: 22, blur: 22, opacity: 0.6 });
      s += materialGroup(ctx, { height: m.height, color: m.color + paint, light: 'fabric', lightOverrides: { grainAmt: 0.035 } }, { clip: shape, bbox: { x: cx - a * 1.5, y: cy - a * 1.5, w: a * 3, h: a * 3 } });
      s += inT(welt(ctx, d, { w: 13, color: it.pipe ?? shade(it.c, -0.3) }), T);
    }
    return s;
  },

  // upholstered panel above a carved wooden rail, with nailhead trim
  woodFrame(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    const yR = H * (o.railY ?? 0.68);
    let upper;
    if (o.top === 'velvet') {
      const tv = tufted(ctx, { pal, dx: 300, dy: 230, btn: 14, depth: 0.55, wrinkles: 1, rot: o.rot ?? 0 });
      upper = { height: tv.height, color: napped(ctx, { c: pal.base, strength: 0.45 }).color + tv.color.replace(/^<rect[^>]*\/>/, ''), light: 'velvet' };
    } else if (o.top === 'tufted') {
      upper = { ...tufted(ctx, { pal, dx: 240, dy: 190, btn: 13, rot: o.rot ?? 0 }), light: 'leather' };
    } else if (o.top === 'weave') upper = { ...weave(ctx, { p: o.p ?? 10, kind: o.kind ?? 'twill', warp: pal.base, weft: shade(pal.base, -0.2), rot: o.rot ?? 0 }), light: 'fabric' };
    else if (o.top === 'channels') upper = { ...channels(ctx, { pal, cw: o.cw ?? 120, vertical: true, rot: o.rot ?? 0 }), light: o.light ?? 'vinyl' };
    else upper = { ...plain(ctx, { pal, folds: 5 }), light: 'leather' };
    let s = materialGroup(ctx, upper);
    const railShape = `<rect x="-20" y="${f(yR)}" width="${W + 40}" height="${f(H - yR + 20)}"/>`;
    const wd = wood(ctx, { dark: o.woodDark ?? '#3a2214', light: o.woodLight ?? '#9a663c', rings: 17 });
    // carved profile: a bead and a cove running along the rail
    const prof = linGrad(ctx, [[0, '#ffffff'], [0.05, '#f0f0f0'], [0.12, '#606060'], [0.18, '#e8e8e8'], [0.26, '#ffffff'], [0.34, '#9a9a9a'], [0.5, '#c8c8c8'], [1, '#b0b0b0']], { x1: 0, y1: yR, x2: 0, y2: H, units: 'userSpaceOnUse' });
    s += dropShadow(ctx, `<rect x="-20" y="${f(yR - 10 * u)}" width="${W + 40}" height="${f(40 * u)}"/>`, { dx: 0, dy: -6, blur: 12, opacity: 0.7 });
    s += materialGroup(ctx, { height: `<rect x="-20" y="${f(yR)}" width="${W + 40}" height="${f(H - yR + 20)}" fill="${prof}"/>`, color: wd.color, light: 'wood', lightOverrides: { surface: 40 } }, { clip: railShape, bbox: { x: 0, y: yR - 10, w: W, h: H } });
    const pts = [];
    const step = (o.nailStep ?? 30) * u;
    for (let x = -step / 2; x < W + step; x += step) pts.push([x, yR - 18 * u]);
    s += studs(ctx, pts, { r: 10, metal: 'brass' });
    return s;
  },

  // aircraft cabin: brushed aluminium side panel, oval window, leather seat back
  aircraft(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    let s = materialGroup(ctx, { ...metal(ctx, { c: o.metal ?? '#9a9da1' }), light: 'metal' });
    const rivets = [];
    for (const x of [0.34, 0.78].map((v) => W * v)) {
      s += `<line x1="${f(x)}" y1="0" x2="${f(x)}" y2="${H}" stroke="#2b2d30" stroke-width="${f(2.5 * u)}" opacity="0.7"/><line x1="${f(x + 2.5 * u)}" y1="0" x2="${f(x + 2.5 * u)}" y2="${H}" stroke="#ffffff" stroke-width="${f(1.2 * u)}" opacity="0.5"/>`;
      for (let y = 20 * u; y < H; y += 46 * u) rivets.push([x - 16 * u, y], [x + 18 * u, y]);
    }
    s += studs(ctx, rivets, { r: 4.5, metal: 'steel' });
    if (o.window !== false) {
      const wx = W * 0.56, wy = H * 0.33, ww = 250 * u, wh = 340 * u, bz = 30 * u;
      const outer = `x="${f(wx - ww / 2 - bz)}" y="${f(wy - wh / 2 - bz)}" width="${f(ww + 2 * bz)}" height="${f(wh + 2 * bz)}" rx="${f(ww / 2 + bz)}"`;
      const inner = `x="${f(wx - ww / 2)}" y="${f(wy - wh / 2)}" width="${f(ww)}" height="${f(wh)}" rx="${f(ww / 2)}"`;
      s += dropShadow(ctx, `<rect ${outer}/>`, { dx: 6, dy: 12, blur: 18, opacity: 0.45 });
      s += `<rect ${outer} fill="${linGrad(ctx, [[0, '#f2efe9'], [1, '#b9b4aa']], { x2: 0.3, y2: 1 })}"/>`;
      s += `<rect ${inner} fill="${linGrad(ctx, [[0, '#f4d9b0'], [0.5, '#dfe7ea'], [1, '#9ab7c9']], { x2: 0.2, y2: 1 })}"/>`;
      s += blurG(ctx, 8, `<rect ${inner} fill="none" stroke="#000" stroke-width="${f(16 * u)}" opacity="0.22"/>`);
      s += `<rect ${inner} fill="${linGrad(ctx, [[0, '#fff', 0], [0.45, '#fff', 0.35], [0.55, '#fff', 0]], { x2: 1, y2: 1 })}"/>`;
    }
    const yS = H * (o.seatY ?? 0.62);
    const top = `M -40 ${f(yS + 60 * u)} Q ${f(W * 0.1)} ${f(yS - 20 * u)} ${f(W * 0.4)} ${f(yS)} L ${f(W + 40)} ${f(yS + 30 * u)}`;
    const seat = `<path d="${top} L ${f(W + 40)} ${f(H + 40)} L -40 ${f(H + 40)} Z"/>`;
    const ch = channels(ctx, { pal, cw: 150, vertical: false, rot: -3, from: yS - 120 * u, to: H + 300 * u });
    s += dropShadow(ctx, seat, { dx: 0, dy: -10, blur: 24, opacity: 0.7 });
    s += materialGroup(ctx, { ...ch, light: 'smoothLeather' }, { clip: seat, bbox: { x: 0, y: yS - 80 * u, w: W, h: H } });
    s += welt(ctx, top, { w: 13, color: pal.pipe });
    return s;
  },

  // headliner: fine knit, gentle bow, a dome light
  headliner(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    const knit = napped(ctx, { c: pal.base, strength: 0.22, streak: false });
    const cx = W * 0.6, cy = H * 0.45, rw = 190 * u, rh = 95 * u;
    // the moulded board behind the fabric is painted as tone (large smooth forms band when lit in 8 bits)
    const bow = radGrad(ctx, [[0, '#fff', 0.18], [0.6, '#fff', 0], [1, '#000', 0.35]], { cx: 0.5, cy: 0.4, r: 0.8 });
    const recess = `<rect x="${f(cx - rw - 40 * u)}" y="${f(cy - rh - 40 * u)}" width="${f(2 * rw + 80 * u)}" height="${f(2 * rh + 80 * u)}" rx="${f(80 * u)}" fill="none" stroke="#000" stroke-width="${f(50 * u)}" opacity="0.25"/>`;
    // a sewn panel seam across the board, and perforation on aircraft vinyl headliners
    const seam = new Seams(ctx).line(-W * 0.1, H * 0.8, W * 1.1, H * 0.7, { offsets: [-8, 8], thread: shade(pal.base, -0.12), ao: aoOf(pal.base), stitch: [6, 4], threadW: 2 }).out();
    const perf = o.perforated ? perforation(ctx, { pitch: 16, r: 1.8, holeColor: shade(pal.base, -0.5) }) : { height: '', color: '' };
    const color = knit.color + perf.color + fullRect(ctx, `fill="${bow}"`) + blurG(ctx, 24, recess) + seam.color;
    let s = materialGroup(ctx, { height: seam.height + perf.height, color, light: 'suede', lightOverrides: { grainAmt: 0.025 } });
    s += blurG(ctx, 12, `<rect x="${f(cx - rw - 14 * u)}" y="${f(cy - rh - 14 * u)}" width="${f(2 * rw + 28 * u)}" height="${f(2 * rh + 28 * u)}" rx="${f(46 * u)}" fill="#000" opacity="0.35"/>`);
    s += `<rect x="${f(cx - rw)}" y="${f(cy - rh)}" width="${f(2 * rw)}" height="${f(2 * rh)}" rx="${f(36 * u)}" fill="${linGrad(ctx, [[0, '#8e8a84'], [1, '#54514d']], { x2: 0, y2: 1 })}"/>`;
    s += `<rect x="${f(cx - rw + 26 * u)}" y="${f(cy - rh + 24 * u)}" width="${f(2 * rw - 52 * u)}" height="${f(2 * rh - 48 * u)}" rx="${f(20 * u)}" fill="${linGrad(ctx, [[0, '#fff8e6'], [1, '#e9dcc0']], { x2: 0, y2: 1 })}"/>`;
    s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rw * 2.4)}" ry="${f(rh * 3)}" fill="${radGrad(ctx, [[0, '#fff2d0', 0.55], [1, '#fff2d0', 0]])}" style="mix-blend-mode:screen"/>`;
    return s;
  },

  // swatches laid out on a wooden bench (specialty materials, fabric swatches, workshop)
  swatches(ctx, o) {
    const { W, H, u } = ctx;
    let s = materialGroup(ctx, { ...wood(ctx, { dark: '#3a2415', light: '#94633a' }), light: 'wood' });
    for (const it of o.items) {
      const cx = W * it.x, cy = H * it.y, w = it.w * W, h = it.h * H;
      const T = `rotate(${f(it.rot)} ${f(cx)} ${f(cy)})`;
      const rect = `x="${f(cx - w / 2)}" y="${f(cy - h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(14 * u)}"`;
      const shape = `<rect ${rect} transform="${T}"/>`;
      const pal = PALETTES[it.pal];
      let m;
      if (it.kind === 'weave') m = { ...weave(ctx, { p: it.p ?? 9, kind: it.weave ?? 'twill', warp: pal.base, weft: shade(pal.base, -0.15), rot: it.rot, stripes: it.stripes }), light: 'fabric' };
      else if (it.kind === 'suede') m = { ...napped(ctx, { c: pal.base, strength: 0.35 }), light: 'suede' };
      else if (it.kind === 'velvet') m = { ...napped(ctx, { c: pal.base, strength: 0.5 }), light: 'velvet' };
      else if (it.kind === 'quilt') m = { ...quilt(ctx, { pal, dx: 80, dy: 80, rot: it.rot }), light: 'leather' };
      else m = { ...plain(ctx, { pal, folds: 2 }), light: it.smooth ? 'smoothLeather' : 'leather' };
      // the cut edge rolls down slightly
      m.height = (m.height ?? '') + blurG(ctx, 5, `<rect ${rect} fill="none" stroke="#000" stroke-width="${f(10 * u)}" opacity="0.6"/>`, T);
      const diag = Math.hypot(w, h);
      s += dropShadow(ctx, shape, { dx: 8, dy: 16, blur: 18, opacity: 0.6 });
      s += materialGroup(ctx, m, { clip: shape, bbox: { x: cx - diag / 2 - 20, y: cy - diag / 2 - 20, w: diag + 40, h: diag + 40 } });
      if (it.stitch) {
        const i = 18 * u;
        s += `<rect x="${f(cx - w / 2 + i)}" y="${f(cy - h / 2 + i)}" width="${f(w - 2 * i)}" height="${f(h - 2 * i)}" rx="${f(8 * u)}" transform="${T}" fill="none" stroke="${pal.thread}" stroke-width="${f(2.6 * u)}" stroke-dasharray="${f(9 * u)} ${f(6 * u)}" stroke-linecap="round"/>`;
      }
    }
    if (o.thread) {
      // a loose length of thread across the bench
      const d = `M ${f(W * 0.02)} ${f(H * 0.9)} C ${f(W * 0.25)} ${f(H * 0.7)}, ${f(W * 0.35)} ${f(H * 1.02)}, ${f(W * 0.55)} ${f(H * 0.86)} S ${f(W * 0.8)} ${f(H * 0.8)}, ${f(W * 1.02)} ${f(H * 0.95)}`;
      s += blurG(ctx, 3, `<path d="${d}" fill="none" stroke="#000" stroke-width="${f(5 * u)}" opacity="0.4"/>`, `translate(${f(3 * u)} ${f(6 * u)})`);
      s += `<path d="${d}" fill="none" stroke="${o.thread}" stroke-width="${f(3.2 * u)}"/>`;
      s += `<path d="${d}" fill="none" stroke="#fff" stroke-width="${f(1 * u)}" opacity="0.5" transform="translate(${f(-0.8 * u)} ${f(-0.8 * u)})"/>`;
    }
    return s;
  },

  // macro of a seam: two panels, welt, heavy double topstitch (custom stitching, hero 2)
  seam(ctx, o) {
    const { W, H, u } = ctx;
    const pal = PALETTES[o.pal];
    const p2 = o.pal2 ? PALETTES[o.pal2] : pal;
    const y = H * (o.y ?? 0.52);
    const T = tf(ctx, { rot: o.rot ?? -7 });
    const x0 = o.x0 ?? -W * 0.5, x1 = W * 1.5;
    const topShape = `<rect x="${f(x0)}" y="${f(-H)}" width="${f(x1 - x0)}" height="${f(y + H)}" transform="${T}"/>`;
    const botShape = `<rect x="${f(x0)}" y="${f(y)}" width="${f(x1 - x0)}" height="${f(H * 2)}" transform="${T}"/>`;
    const rg1 = linGrad(ctx, [[0, '#d0d0d0'], [0.8, '#ffffff'], [1, '#404040']], { x2: 0, y2: 1 });
    const rg2 = linGrad(ctx, [[0, '#404040'], [0.15, '#ffffff'], [1, '#c0c0c0']], { x2: 0, y2: 1 });
    const st = o.stitch ?? [10, 5];
    const s1 = new Seams(ctx).line(x0, y - 34 * u, x1, y - 34 * u, { thread: pal.thread, ao: aoOf(pal.base), offsets: [0, -18], stitch: st, threadW: 3.4, groove: false }).out(T);
    const s2 = new Seams(ctx).line(x0, y + 34 * u, x1, y + 34 * u, { thread: p2.thread, ao: aoOf(p2.base), offsets: [0, 18], stitch: st, threadW: 3.4, groove: false }).out(T);
    const top = { height: blurG(ctx, 8, `<rect x="${f(x0)}" y="${f(y - 320 * u)}" width="${f(x1 - x0)}" height="${f(320 * u)}" fill="${rg1}"/>`, T) + s1.height, color: colorBase(ctx, pal.base) + s1.color };
    const bot = { height: blurG(ctx, 8, `<rect x="${f(x0)}" y="${f(y)}" width="${f(x1 - x0)}" height="${f(320 * u)}" fill="${rg2}"/>`, T) + s2.height, color: colorBase(ctx, p2.base) + s2.color };
    let s = materialGroup(ctx, { ...top, heightBase: '#d0d0d0', light: o.light ?? 'leather' }, { clip: topShape });
    s += materialGroup(ctx, { ...bot, heightBase: '#c0c0c0', light: o.light ?? 'leather' }, { clip: botShape });
    s += inT(welt(ctx, `M ${f(x0)} ${f(y)} L ${f(x1)} ${f(y)}`, { w: 20, color: o.pipe ?? pal.pipe }), T);
    return s;
  },
};

// ---------------------------------------------------------------------------
// Photographic finish and label
// ---------------------------------------------------------------------------
function finishOverlays(ctx, o) {
  const { W, H } = ctx;
  let s = '';
  const key = radGrad(ctx, [[0, '#fff3dc', o.keyAmt ?? 0.5], [0.6, '#fff3dc', 0.08], [1, '#fff3dc', 0]], { cx: o.keyX ?? 0.25, cy: o.keyY ?? 0.15, r: 0.9 });
  s += `<rect width="${W}" height="${H}" fill="${key}" style="mix-blend-mode:soft-light"/>`;
  const vig = radGrad(ctx, [[0, '#000', 0], [0.55, '#000', 0], [1, '#000', o.vignette ?? 0.5]], { r: 0.75 });
  s += `<rect width="${W}" height="${H}" fill="${vig}"/>`;
  if (o.darkLeft) {
    const g = linGrad(ctx, [[0, '#0c0807', o.darkLeft], [0.45, '#0c0807', o.darkLeft * 0.75], [0.75, '#0c0807', o.darkLeft * 0.2], [1, '#0c0807', 0]]);
    s += `<rect width="${W}" height="${H}" fill="${g}"/>`;
  }
  if (o.darken) s += `<rect width="${W}" height="${H}" fill="#0c0807" opacity="${o.darken}"/>`;
  s += `<rect width="${W}" height="${H}" fill="#ffb070" opacity="0.05" style="mix-blend-mode:soft-light"/>`;
  return s;
}

const svgDoc = (W, H, ctx, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${ctx.defs.join('')}</defs>${body}</svg>`;

async function renderScene(spec, W, H) {
  const ctx = new Ctx(W, H, spec.out);
  if (spec.lightPos) Object.assign(ctx.light, spec.lightPos);
  const body = SCENES[spec.scene](ctx, spec);
  const svg = svgDoc(W, H, ctx, `<rect width="${W}" height="${H}" fill="#1a1410"/>${body}${finishOverlays(ctx, spec)}`);
  if (process.env.DEBUG_SVG) fs.writeFileSync(path.join(process.env.DEBUG_SVG, path.basename(spec.out, '.jpg') + '.svg'), svg);
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

// depth of field: blend in a blurred copy through a gradient mask
async function depthOfField({ data, info }, dof) {
  if (!dof) return { data, info };
  const { width: W, height: H } = info;
  const e = dof.extent ?? 0.35;
  const stops = {
    top: `x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="${e}" stop-color="#000"/>`,
    bottom: `x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="${e}" stop-color="#000"/>`,
    right: `x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="${e}" stop-color="#000"/>`,
    band: `x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="${e}" stop-color="#000"/><stop offset="${1 - e * 0.8}" stop-color="#000"/><stop offset="1" stop-color="#fff"/>`,
  }[dof.side ?? 'top'];
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="m" ${stops}</linearGradient></defs><rect width="${W}" height="${H}" fill="url(#m)"/></svg>`;
  const mask = await sharp(Buffer.from(maskSvg)).extractChannel(0).raw().toBuffer();
  const blurred = await sharp(data, { raw: info }).blur((dof.sigma ?? 7) * (W / 1600)).raw().toBuffer();
  const out = Buffer.alloc(data.length);
  for (let p = 0, i = 0; p < W * H; p++, i += 3) {
    const a = mask[p] / 255;
    for (let c = 0; c < 3; c++) out[i + c] = data[i + c] + (blurred[i + c] - data[i + c]) * a;
  }
  return { data: out, info };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// small, semi-transparent caption in a corner, led by a short stitched rule
function labelSvg(text, W, H, corner = 'bl') {
  const u = W / 1600;
  const fs_ = Math.max(11, 17 * u);
  const pad = 34 * u;
  const right = corner.endsWith('r');
  const x = right ? W - pad : pad;
  const y = corner.startsWith('t') ? pad + fs_ : H - pad;
  const rw = 34 * u;
  const rx = right ? x - rw : x;
  const tx = right ? x - rw - 12 * u : x + rw + 12 * u;
  const ry = y - fs_ * 0.34;
  const font = `font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${f(fs_)}" letter-spacing="${f(fs_ * 0.16)}" text-anchor="${right ? 'end' : 'start'}"`;
  const up = esc(text.toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<defs><filter id="s" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="${f(2.4 * u)}"/></filter></defs>` +
    `<g opacity="0.6" filter="url(#s)"><text x="${f(tx)}" y="${f(y + u)}" ${font} fill="#000">${up}</text><line x1="${f(rx)}" y1="${f(ry + u)}" x2="${f(rx + rw)}" y2="${f(ry + u)}" stroke="#000" stroke-width="${f(3 * u)}"/></g>` +
    `<g opacity="0.74"><text x="${f(tx)}" y="${f(y)}" ${font} fill="#f4ead8">${up}</text>` +
    `<line x1="${f(rx)}" y1="${f(ry)}" x2="${f(rx + rw)}" y2="${f(ry)}" stroke="#f4ead8" stroke-width="${f(1.6 * u)}" stroke-dasharray="${f(5 * u)} ${f(3.5 * u)}"/></g>` +
    `</svg>`
  );
}

async function writeJpeg(file, { data, info }, { label, corner, quality = 72, maxBytes = 180 * 1024 } = {}) {
  let img = sharp(data, { raw: info });
  if (label) img = img.composite([{ input: Buffer.from(labelSvg(label, info.width, info.height, corner)) }]);
  const flat = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // stay near the requested quality: first soften sub-pixel grain a little, then lower quality
  const ladder = [[0, quality], [0.6, quality], [0.8, quality - 4], [1, quality - 8], [1, quality - 12], [1.2, quality - 16], [1.4, quality - 20]];
  let buf, q, sigma;
  for ([sigma, q] of ladder) {
    let im = sharp(flat.data, { raw: flat.info });
    if (sigma) im = im.blur(sigma);
    buf = await im.jpeg({ quality: q, mozjpeg: true, progressive: true }).toBuffer();
    if (buf.length <= maxBytes) break;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buf);
  return { bytes: buf.length, q, sigma };
}

const IMAGES = [
  // ----- service categories
  { out: 'images/services/furniture-upholstery.jpg', label: 'Furniture upholstery · tufted cognac leather', scene: 'tufted', pal: 'cognac', rot: -6, roll: 0.8, dof: { side: 'top' } },
  { out: 'images/services/automotive-upholstery.jpg', label: 'Automotive upholstery · pleated seat insert', scene: 'seat', pal: 'black', insertPal: 'charcoal', cw: 95, rot: -8, split: [0.12, 0.7], light: 'vinyl', dof: { side: 'top' } },
  { out: 'images/services/motorcycle-upholstery.jpg', label: 'Motorcycle upholstery · diamond-stitched saddle', scene: 'quilt', pal: 'saddle', dx: 150, dy: 115, rot: -5, double: true, edge: 0.78, edgePal: 'chocolate', dof: { side: 'top' } },
  { out: 'images/services/airplane-upholstery.jpg', label: 'Aircraft interiors · FAA-compliant materials', scene: 'aircraft', pal: 'tan', dof: { side: 'right', extent: 0.3, sigma: 5 } },
  { out: 'images/services/commercial-upholstery.jpg', label: 'Commercial upholstery · channel-back booth', scene: 'channels', pal: 'red', cw: 130, vertical: true, rot: 4, light: 'vinyl', edge: 0.82, dof: { side: 'top' } },
  { out: 'images/services/marine-upholstery.jpg', label: 'Marine upholstery · perforated vinyl', scene: 'seat', pal: 'cream', insertPal: 'slate', pipe: '#1f4a4b', perforated: true, cw: 90, rot: -5, vertical: true, split: [0.3, 0.9], light: 'vinyl', insertLight: 'vinyl', dof: { side: 'top' } },
  { out: 'images/services/custom-cushions-pillows.jpg', label: 'Custom cushions & pillows · piped linen', scene: 'pillows', back: { c: '#6f4a30', kind: 'twill' }, seat: { c: '#cbbb9c', kind: 'basket', pipe: '#8f7a5a' }, pillows: [{ c: '#b35f3c', x: 0.33, y: 0.5, s: 0.56, rot: -8 }, { c: '#d3c7b0', kind: 'basket', pipe: '#8a6a48', x: 0.67, y: 0.53, s: 0.5, rot: 7 }], dof: { side: 'top', extent: 0.45, sigma: 8 } },
  { out: 'images/services/leather-specialty-materials.jpg', label: 'Leather & specialty materials · swatches', scene: 'swatches', dof: { side: 'top', extent: 0.25 }, items: [
    { pal: 'cognac', x: 0.28, y: 0.38, w: 0.36, h: 0.5, rot: -8, stitch: true },
    { pal: 'oxblood', x: 0.52, y: 0.52, w: 0.34, h: 0.52, rot: 4, stitch: true, smooth: true },
    { pal: 'tan', kind: 'suede', x: 0.76, y: 0.42, w: 0.32, h: 0.5, rot: 10 },
    { pal: 'black', x: 0.62, y: 0.84, w: 0.4, h: 0.36, rot: -3, kind: 'quilt' },
  ] },

  // ----- furniture
  { out: 'images/services/sofa-reupholstery.jpg', label: 'Sofa reupholstery · cushion and welt', scene: 'fabric', pal: 'sage', kind: 'twill', p: 6, back: '#3a2a20', pipe: '#55624a', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/services/chair-upholstery.jpg', label: 'Chair upholstery · tufted back', scene: 'tufted', pal: 'teal', dx: 220, dy: 170, btn: 12, light: 'velvet', rot: 3, roll: 0.84, dof: { side: 'top' } },
  { out: 'images/services/recliner-upholstery.jpg', label: 'Recliner upholstery · waterfall back', scene: 'channels', pal: 'chocolate', cw: 330, vertical: false, rot: -4, offsets: [-10, 10], light: 'smoothLeather', dof: { side: 'top' } },
  { out: 'images/services/antique-furniture-restoration.jpg', label: 'Antique restoration · walnut rail and nailheads', scene: 'woodFrame', pal: 'chocolate', top: 'tufted', railY: 0.66, dof: { side: 'top', extent: 0.3 } },
  { out: 'images/services/custom-furniture-upholstery.jpg', label: 'Custom furniture · channel-tufted headboard', scene: 'channels', pal: 'sage', cw: 150, vertical: true, rot: -3, light: 'velvet', edge: 0.85, dof: { side: 'top' } },

  // ----- automotive
  { out: 'images/services/car-seat-reupholstery.jpg', label: 'Car seat reupholstery · leather with contrast stitch', scene: 'seat', pal: 'charcoal', insertPal: 'charcoal', thread: '#c0392b', cw: 80, rot: 6, vertical: true, split: [0.32, 0.95], light: 'leather', dof: { side: 'top' } },
  { out: 'images/services/classic-car-interiors.jpg', label: 'Classic car interiors · tuck and roll', scene: 'channels', pal: 'red', cw: 70, vertical: false, rot: -6, light: 'vinyl', dof: { side: 'top' } },
  { out: 'images/services/headliner-replacement.jpg', label: 'Headliner replacement · foam-backed knit', scene: 'headliner', pal: 'dove', dof: { side: 'right', extent: 0.35 } },
  { out: 'images/services/door-panel-repair.jpg', label: 'Door panel repair · stitched inserts', scene: 'panels', pal: 'black', pal2: 'tan', seamY: 0.5, sag: 0.04, light: 'vinyl', dof: { side: 'top' } },

  // ----- motorcycle
  { out: 'images/services/motorcycle-seat-reupholstery.jpg', label: 'Motorcycle seat · diamond stitch', scene: 'quilt', pal: 'black', dx: 90, dy: 110, rot: 8, thread: '#d9d3c7', edge: 0.8, dof: { side: 'top' } },
  { out: 'images/services/custom-motorcycle-design.jpg', label: 'Custom motorcycle design · two-tone saddle', scene: 'seat', pal: 'black', insertPal: 'oxblood', quilt: true, cell: 90, double: false, rot: 6, dof: { side: 'top' } },
  { out: 'images/services/vintage-motorcycle-restoration.jpg', label: 'Vintage motorcycle · saddle leather', scene: 'channels', pal: 'saddle', cw: 60, vertical: false, rot: -3, edge: 0.76, dof: { side: 'top' } },
  { out: 'images/services/saddlebag-repair.jpg', label: 'Saddlebag repair · hand-stitched flap', scene: 'panels', pal: 'chocolate', seamY: 0.45, sag: 0.12, folds: 8, scuff: true, light: 'leather', dof: { side: 'top' } },

  // ----- aircraft
  { out: 'images/services/aircraft-seat-refurbishment.jpg', label: 'Aircraft seat refurbishment · tan leather', scene: 'seat', pal: 'tan', insertPal: 'tan', cw: 100, rot: -5, vertical: true, split: [0.16, 0.66], light: 'smoothLeather', dof: { side: 'top' } },
  { out: 'images/services/cabin-interior-redesign.jpg', label: 'Cabin interior redesign', scene: 'aircraft', pal: 'cream', seatY: 0.66, dof: { side: 'right', extent: 0.3, sigma: 5 } },
  { out: 'images/services/aircraft-headliner-replacement.jpg', label: 'Aircraft headliner · perforated vinyl', scene: 'headliner', pal: 'linen', perforated: true, dof: { side: 'right', extent: 0.35 } },
  { out: 'images/services/side-panel-restoration.jpg', label: 'Side panel restoration', scene: 'aircraft', pal: 'charcoal', seatY: 0.74, metal: '#c3c1bc', dof: { side: 'right', extent: 0.3, sigma: 5 } },

  // ----- commercial
  { out: 'images/services/office-chair-upholstery.jpg', label: 'Office chair upholstery · contract fabric', scene: 'fabric', pal: 'charcoal', kind: 'twill', p: 5, warp: '#3c3b38', weft: '#2a2927', back: '#8a7a66', pipe: '#1f1e1c', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/services/restaurant-booth-reupholstery.jpg', label: 'Restaurant booth · channel back', scene: 'channels', pal: 'oxblood', cw: 140, vertical: true, rot: -2, light: 'vinyl', edge: 0.8, dof: { side: 'top' } },
  { out: 'images/services/waiting-room-seating.jpg', label: 'Waiting room seating · teal vinyl', scene: 'woodFrame', pal: 'teal', top: 'channels', cw: 110, light: 'vinyl', woodDark: '#5a3a22', woodLight: '#b58556', railY: 0.72, dof: { side: 'top' } },
  { out: 'images/services/gym-equipment-upholstery.jpg', label: 'Gym equipment · heavy-duty vinyl', scene: 'channels', pal: 'charcoal', cw: 150, vertical: false, rot: -12, light: 'vinyl', thread: '#b5452b', dof: { side: 'top' } },

  // ----- marine
  { out: 'images/services/boat-seat-upholstery.jpg', label: 'Boat seat upholstery · marine vinyl', scene: 'seat', pal: 'cream', insertPal: 'navy', pipe: '#202c3d', cw: 95, rot: 7, split: [0.26, 0.86], light: 'vinyl', dof: { side: 'top' } },
  { out: 'images/services/cabin-cushions.jpg', label: 'Cabin cushions · quilted marine vinyl', scene: 'quilt', pal: 'cream', dx: 170, dy: 130, rot: -4, light: 'vinyl', lightOverrides: { ks: 0.3 }, thread: '#8a7a66', edge: 0.8, edgePal: 'teal', dof: { side: 'top' } },
  { out: 'images/services/sun-deck-pads.jpg', label: 'Sun deck pads · perforated vinyl', scene: 'channels', pal: 'cream', cw: 120, vertical: false, rot: -5, light: 'vinyl', perforated: true, edge: 0.84, edgePal: 'navy', dof: { side: 'top' } },
  { out: 'images/services/waterproof-fabric-replacement.jpg', label: 'Waterproof fabric replacement', scene: 'fabric', pal: 'navy', kind: 'plain', p: 5, warp: '#25334a', weft: '#1b2638', back: '#d6cdbd', pipe: '#e4ddd0', dof: { side: 'band', extent: 0.3 } },

  // ----- cushions & pillows
  { out: 'images/services/indoor-bench-cushions.jpg', label: 'Indoor bench cushion · boxed and piped', scene: 'fabric', pal: 'terracotta', kind: 'basket', p: 6, back: '#4a3526', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/services/outdoor-furniture-cushions.jpg', label: 'Outdoor cushions · solution-dyed acrylic', scene: 'pillows', back: { c: '#7a5a3c', kind: 'basket' }, seat: { c: '#ddd2bd', kind: 'plain', stripes: [{ w: 60, c: '#ffffff' }, { w: 26, c: '#3c6b6b' }, { w: 12, c: '#ffffff' }, { w: 26, c: '#3c6b6b' }], pipe: '#2f5656' }, pillows: [{ c: '#3c6b6b', x: 0.35, y: 0.5, s: 0.54, rot: -8, pipe: '#ddd2bd' }, { c: '#e2d8c4', kind: 'plain', stripes: [{ w: 30, c: '#ffffff' }, { w: 30, c: '#3c6b6b' }], x: 0.68, y: 0.53, s: 0.48, rot: 6, pipe: '#2f5656' }], dof: { side: 'top', extent: 0.45, sigma: 8 } },
  { out: 'images/services/custom-throw-pillows.jpg', label: 'Custom throw pillows · herringbone and linen', scene: 'pillows', back: { c: '#2e3c3a', kind: 'twill' }, seat: { c: '#8a7a66', kind: 'basket' }, pillows: [{ c: '#b58a2e', kind: 'herringbone', pipe: '#6a4f1a', x: 0.36, y: 0.49, s: 0.58, rot: -6 }, { c: '#1f4a4b', kind: 'plain', pipe: '#c9b79a', x: 0.7, y: 0.54, s: 0.48, rot: 9 }], dof: { side: 'top', extent: 0.45, sigma: 8 } },
  { out: 'images/services/window-seat-cushions.jpg', label: 'Window seat cushion · ticking stripe', scene: 'pillows', back: { c: '#8a6a48', kind: 'twill' }, seat: { c: '#ece4d4', kind: 'twill', stripes: [{ w: 40, c: '#ffffff' }, { w: 10, c: '#4a5a70' }, { w: 8, c: '#ffffff' }, { w: 10, c: '#4a5a70' }], pipe: '#4a5a70' }, pillows: [{ c: '#33435a', x: 0.3, y: 0.5, s: 0.52, rot: -7, pipe: '#e4ddd0' }, { c: '#e6ddcd', kind: 'basket', pipe: '#4a5a70', x: 0.62, y: 0.52, s: 0.5, rot: 6 }], dof: { side: 'top', extent: 0.45, sigma: 8 } },

  // ----- leather & specialty
  { out: 'images/services/leather-furniture-repair.jpg', label: 'Leather repair · recoloured and re-sewn', scene: 'panels', pal: 'cognac', seamY: 0.62, folds: 7, scuff: true, light: 'leather', dof: { side: 'top' } },
  { out: 'images/services/vinyl-reupholstery.jpg', label: 'Vinyl reupholstery · pleated panel', scene: 'channels', pal: 'teal', cw: 110, vertical: true, rot: 6, light: 'vinyl', dof: { side: 'top' } },
  { out: 'images/services/suede-upholstery.jpg', label: 'Suede upholstery · napped finish', scene: 'swatches', dof: { side: 'top', extent: 0.25 }, items: [
    { pal: 'saddle', kind: 'suede', x: 0.34, y: 0.48, w: 0.52, h: 0.74, rot: -6, stitch: true },
    { pal: 'sage', kind: 'suede', x: 0.72, y: 0.5, w: 0.44, h: 0.7, rot: 7, stitch: true },
  ] },

  // ----- detailing
  { out: 'images/detailing/interior-upholstery-detailing.jpg', label: 'Upholstery detailing · deep-cleaned fabric', scene: 'fabric', pal: 'oat', kind: 'twill', p: 6, back: '#3a2a20', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/detailing/automotive-detailing.jpg', label: 'Automotive detailing · conditioned leather', scene: 'seat', pal: 'tan', insertPal: 'tan', cw: 85, rot: -12, split: [0.36, 1.08], light: 'smoothLeather', dof: { side: 'top' } },
  { out: 'images/detailing/leather-detailing.jpg', label: 'Leather detailing · cleaned and conditioned', scene: 'tufted', pal: 'chocolate', dx: 240, dy: 190, rot: 5, dof: { side: 'top' } },
  { out: 'images/detailing/pet-odor-removal.jpg', label: 'Pet odor removal · fabric refresh', scene: 'fabric', pal: 'sage', kind: 'basket', p: 6, back: '#caa57a', pipe: '#55624a', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/detailing/commercial-upholstery.jpg', label: 'Commercial detailing · booth seating', scene: 'channels', pal: 'navy', cw: 120, vertical: true, rot: 3, light: 'vinyl', edge: 0.8, dof: { side: 'top' } },
  { out: 'images/detailing/allergen-sanitization.jpg', label: 'Allergen sanitization · steam-cleaned weave', scene: 'fabric', pal: 'cream', kind: 'plain', p: 6, warp: '#e6ddcd', weft: '#d8cdb9', back: '#5f6b55', pipe: '#8a6a48', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/detailing/hero.jpg', label: 'Interior detailing', scene: 'seat', pal: 'charcoal', insertPal: 'cognac', cw: 90, rot: -8, split: [0.5, 1.02], darkLeft: 0.55, light: 'leather', dof: { side: 'top' } },

  // ----- gallery
  { out: 'images/gallery/chesterfield-sofa-restoration.jpg', label: 'Chesterfield sofa · restoration', scene: 'tufted', pal: 'oxblood', dx: 250, dy: 210, btn: 14, rot: -7, roll: 0.78, nailheads: { y: 0.9, step: 30 }, dof: { side: 'top' } },
  { out: 'images/gallery/classic-mustang-interior.jpg', label: 'Classic Mustang · bucket seat vinyl', scene: 'seat', pal: 'black', insertPal: 'black', cw: 60, vertical: false, rot: 4, split: [0.06, 0.62], light: 'vinyl', thread: '#3a3734', dof: { side: 'top' } },
  { out: 'images/gallery/harley-custom-seat.jpg', label: 'Harley custom seat · diamond stitch', scene: 'quilt', pal: 'black', dx: 110, dy: 130, rot: -10, double: true, thread: '#b9aa90', edge: 0.82, dof: { side: 'top' } },
  { out: 'images/gallery/cessna-cabin-refit.jpg', label: 'Cessna cabin · refit', scene: 'aircraft', pal: 'tan', seatY: 0.6, dof: { side: 'right', extent: 0.3, sigma: 5 } },
  { out: 'images/gallery/restaurant-booth-row.jpg', label: 'Restaurant booths · channel backs', scene: 'woodFrame', pal: 'red', top: 'channels', cw: 120, light: 'vinyl', woodDark: '#2e1a10', woodLight: '#7a4a2a', railY: 0.74, dof: { side: 'top' } },
  { out: 'images/gallery/pontoon-boat-seating.jpg', label: 'Pontoon boat · bench seating', scene: 'seat', pal: 'cream', insertPal: 'slate', pipe: '#5d6166', perforated: true, cw: 100, rot: -4, light: 'vinyl', insertLight: 'vinyl', dof: { side: 'top' } },
  { out: 'images/gallery/window-seat-cushion.jpg', label: 'Window seat · striped cushion', scene: 'pillows', back: { c: '#d9cdb6', kind: 'plain' }, seat: { c: '#ece4d4', kind: 'twill', stripes: [{ w: 70, c: '#ffffff' }, { w: 30, c: '#b35f3c' }, { w: 12, c: '#ffffff' }, { w: 14, c: '#2f4a4a' }], pipe: '#b35f3c' }, pillows: [{ c: '#b35f3c', x: 0.4, y: 0.5, s: 0.54, rot: -5, pipe: '#7d3f25' }, { c: '#2f4a4a', kind: 'basket', x: 0.72, y: 0.54, s: 0.46, rot: 8, pipe: '#ece4d4' }], dof: { side: 'top', extent: 0.45, sigma: 8 } },
  { out: 'images/gallery/leather-recliner-repair.jpg', label: 'Leather recliner · repair', scene: 'channels', pal: 'cognac', cw: 300, vertical: false, rot: 5, offsets: [-10, 10], light: 'leather', edge: 0.84, dof: { side: 'top' } },
  { out: 'images/gallery/truck-headliner.jpg', label: 'Truck headliner · dome light', scene: 'headliner', pal: 'dove', dof: { side: 'right', extent: 0.35 } },
  { out: 'images/gallery/wingback-chair-velvet.jpg', label: 'Wingback chair · emerald velvet', scene: 'woodFrame', pal: 'emerald', top: 'velvet', railY: 0.7, dof: { side: 'top' } },
  { out: 'images/gallery/office-chair-set.jpg', label: 'Office chairs · charcoal fabric', scene: 'fabric', pal: 'charcoal', kind: 'basket', p: 5, warp: '#3f3e3b', weft: '#2d2c2a', back: '#b09a7c', pipe: '#1f1e1c', dof: { side: 'band', extent: 0.3 } },
  { out: 'images/gallery/outdoor-patio-cushions.jpg', label: 'Patio cushions · terracotta canvas', scene: 'pillows', back: { c: '#c9a27e', kind: 'basket' }, seat: { c: '#b35f3c', kind: 'plain', pipe: '#7d3f25' }, pillows: [{ c: '#d8cbb2', kind: 'basket', x: 0.34, y: 0.5, s: 0.52, rot: -6, pipe: '#b35f3c' }, { c: '#c06a44', x: 0.66, y: 0.53, s: 0.5, rot: 8, pipe: '#e8dcc6' }], dof: { side: 'top', extent: 0.45, sigma: 8 } },

  // ----- blog
  { out: 'images/blog/leather-seats.jpg', label: 'Leather seats', scene: 'seat', pal: 'cognac', insertPal: 'cognac', cw: 90, rot: 9, split: [0.15, 0.74], perforated: true, dof: { side: 'top' } },
  { out: 'images/blog/luxury-interior.jpg', label: 'Luxury interior', scene: 'quilt', pal: 'chocolate', dx: 100, dy: 100, rot: 0, thread: '#c9a777', double: true, light: 'smoothLeather', edge: 0.8, dof: { side: 'top' } },
  { out: 'images/blog/custom-stitching.jpg', label: 'Custom stitching', scene: 'seam', pal: 'black', pal2: 'cognac', dof: { side: 'top', extent: 0.3 } },
  { out: 'images/blog/fabric-swatches.jpg', label: 'Fabric swatches', scene: 'swatches', dof: { side: 'top', extent: 0.25 }, items: [
    { pal: 'sage', kind: 'weave', weave: 'basket', x: 0.25, y: 0.4, w: 0.34, h: 0.56, rot: -9 },
    { pal: 'terracotta', kind: 'weave', weave: 'twill', x: 0.47, y: 0.46, w: 0.32, h: 0.56, rot: -2 },
    { pal: 'navy', kind: 'weave', weave: 'herringbone', x: 0.68, y: 0.42, w: 0.32, h: 0.56, rot: 6 },
    { pal: 'emerald', kind: 'velvet', x: 0.55, y: 0.86, w: 0.5, h: 0.34, rot: 2 },
  ] },
  { out: 'images/blog/classic-car.jpg', label: 'Classic car', scene: 'channels', pal: 'oxblood', cw: 66, vertical: false, rot: -8, light: 'vinyl', edge: 0.78, edgePal: 'cream', dof: { side: 'top' } },
  { out: 'images/blog/workshop.jpg', label: 'In the workshop', scene: 'swatches', thread: '#e9d3a8', dof: { side: 'top', extent: 0.25 }, items: [
    { pal: 'cognac', x: 0.3, y: 0.42, w: 0.42, h: 0.5, rot: -12, stitch: true },
    { pal: 'oat', kind: 'weave', weave: 'basket', x: 0.66, y: 0.36, w: 0.34, h: 0.46, rot: 8 },
  ] },

  // ----- pages
  { out: 'images/about/workshop.jpg', label: 'Our workshop · Rio Rancho', scene: 'swatches', thread: '#c0392b', dof: { side: 'top', extent: 0.25 }, items: [
    { pal: 'oxblood', x: 0.24, y: 0.4, w: 0.3, h: 0.48, rot: -10, stitch: true },
    { pal: 'saddle', x: 0.5, y: 0.44, w: 0.3, h: 0.5, rot: 3, stitch: true, smooth: true },
    { pal: 'teal', kind: 'weave', weave: 'twill', x: 0.76, y: 0.4, w: 0.3, h: 0.48, rot: 9 },
  ] },
  { out: 'images/home/craftsmanship.jpg', label: 'Craftsmanship · double topstitch', scene: 'seam', pal: 'cognac', pal2: 'cognac', pipe: '#3b2216', rot: -9, dof: { side: 'top', extent: 0.3 } },
];

// ---------------------------------------------------------------------------
// Brand marks: logo, favicon, apple touch icon, social image
// ---------------------------------------------------------------------------
// The "S" is a length of thread (a thick cord with a twist and a stitched centre line) that
// ends in the eye of a needle. Coordinates in a 100 x 100 box.
const S_PATH = 'M 67 30 C 62 21, 50 19, 42 21 C 31 24, 29 36, 38 42 C 45 47, 58 49, 63 56 C 70 66, 62 78, 49 79 C 40 80, 33 76, 30 70';
// needle drawn with its eye at the origin, pointing along +y, then turned to follow the S
const NEEDLE =
  `<g transform="translate(30 70) rotate(153.4)">` +
  `<path d="M -1.5 -2.2 A 1.5 1.5 0 0 1 1.5 -2.2 L 1.4 19 L 0 27 L -1.4 19 Z" fill="#1e0e06" opacity="0.45" transform="translate(-1.2 -1.6)"/>` +
  `<path d="M -1.5 -2.2 A 1.5 1.5 0 0 1 1.5 -2.2 L 1.4 19 L 0 27 L -1.4 19 Z" fill="url(#steel)"/>` +
  `<rect x="-0.5" y="-2.4" width="1" height="4.6" rx="0.5" fill="#3a1c0c"/>` +
  `</g>`;

function markSvg(size, { round = 22 } = {}) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<defs>` +
    `<radialGradient id="bg" cx="0.3" cy="0.25" r="0.95"><stop offset="0" stop-color="#a45d2e"/><stop offset="0.55" stop-color="#7a3f1d"/><stop offset="1" stop-color="#4a2512"/></radialGradient>` +
    `<linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d8186"/><stop offset="0.45" stop-color="#f4f6f8"/><stop offset="1" stop-color="#5b5f64"/></linearGradient>` +
    `<linearGradient id="thread" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf1dc"/><stop offset="1" stop-color="#e3c99a"/></linearGradient>` +
    `<filter id="gr" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="1.6" numOctaves="3" seed="7" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0" result="h"/><feDiffuseLighting in="h" surfaceScale="0.35" diffuseConstant="1.15" lighting-color="#fff" result="d"><feDistantLight azimuth="225" elevation="55"/></feDiffuseLighting><feComposite in="d" in2="SourceGraphic" operator="arithmetic" k1="1"/></filter>` +
    `<filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="1.1"/></filter>` +
    `</defs>` +
    `<rect width="100" height="100" rx="${round}" fill="url(#bg)" filter="url(#gr)"/>` +
    `<rect x="8" y="8" width="84" height="84" rx="${Math.max(3, round - 8)}" fill="none" stroke="#2a140a" stroke-width="2.4" stroke-dasharray="4.2 2.8" opacity="0.4" transform="translate(0.4 0.6)"/>` +
    `<rect x="8" y="8" width="84" height="84" rx="${Math.max(3, round - 8)}" fill="none" stroke="#f3e3c2" stroke-width="1.4" stroke-dasharray="4.2 2.8" stroke-linecap="round"/>` +
    NEEDLE +
    `<path d="${S_PATH}" fill="none" stroke="#1e0e06" stroke-width="11" stroke-linecap="round" opacity="0.45" filter="url(#sh)" transform="translate(1 2)"/>` +
    `<path d="${S_PATH}" fill="none" stroke="url(#thread)" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="${S_PATH}" fill="none" stroke="#b08a5e" stroke-width="10" stroke-dasharray="1.1 3" opacity="0.22"/>` +
    `<path d="${S_PATH}" fill="none" stroke="#7a3f1d" stroke-width="1.3" stroke-dasharray="3.6 2.6" stroke-linecap="round"/>` +
    `</svg>`
  );
}

// flat favicon: no filters and no fonts, so it renders the same everywhere
function faviconSvg() {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="22" fill="#7a3f1d"/>` +
    `<rect x="9" y="9" width="82" height="82" rx="14" fill="none" stroke="#f3e3c2" stroke-width="3" stroke-dasharray="6 4" stroke-linecap="round"/>` +
    `<path d="${S_PATH}" fill="none" stroke="#f6e8cc" stroke-width="13" stroke-linecap="round"/>` +
    `<path d="${S_PATH}" fill="none" stroke="#7a3f1d" stroke-width="2" stroke-dasharray="5 4" stroke-linecap="round"/>` +
    `</svg>\n`
  );
}

async function brand(log) {
  if (want('images/logo.png')) {
    write('images/logo.png', await sharp(Buffer.from(markSvg(512))).png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toBuffer());
    log('images/logo.png');
  }
  if (want('apple-touch-icon.png')) {
    // iOS rounds the corners itself, so the mark fills the square
    write('apple-touch-icon.png', await sharp(Buffer.from(markSvg(180, { round: 0 }))).flatten({ background: '#7a3f1d' }).png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toBuffer());
    log('apple-touch-icon.png');
  }
  if (want('favicon.svg')) {
    write('favicon.svg', faviconSvg());
    log('favicon.svg');
  }
  if (want('images/og-default.jpg')) {
    const W = 1200, H = 630;
    const spec = { out: 'images/og-default.jpg', scene: 'tufted', pal: 'cognac', dx: 250, dy: 200, rot: -6, vignette: 0.75, darken: 0.42 };
    const r = await renderScene(spec, W, H);
    const mark = await sharp(Buffer.from(markSvg(150))).png().toBuffer();
    const serif = 'font-family="Liberation Serif, DejaVu Serif, serif"';
    const sans = 'font-family="DejaVu Sans, Liberation Sans, sans-serif"';
    const text =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<defs><filter id="s" x="-10%" y="-30%" width="120%" height="160%"><feGaussianBlur stdDeviation="5"/></filter></defs>` +
      `<g filter="url(#s)" opacity="0.8"><rect x="520" y="146" width="160" height="160" rx="36" fill="#000"/><text x="600" y="394" text-anchor="middle" ${serif} font-size="64" font-weight="bold" fill="#000">Sandia Custom Upholstery</text></g>` +
      `<text x="600" y="390" text-anchor="middle" ${serif} font-size="64" font-weight="bold" fill="#f6ead2">Sandia Custom Upholstery</text>` +
      `<line x1="470" y1="428" x2="730" y2="428" stroke="#e6cfa2" stroke-width="2" stroke-dasharray="9 6" opacity="0.85"/>` +
      `<text x="600" y="478" text-anchor="middle" ${sans} font-size="22" letter-spacing="4" fill="#e9dcc4">FURNITURE · AUTO · MOTORCYCLE · MARINE · AIRCRAFT</text>` +
      `<text x="600" y="520" text-anchor="middle" ${sans} font-size="20" letter-spacing="3" fill="#cdbb9c">RIO RANCHO, NEW MEXICO</text>` +
      `</svg>`;
    const img = await sharp(r.data, { raw: r.info }).composite([{ input: Buffer.from(text) }, { input: mark, left: 525, top: 150 }]).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const res = await writeJpeg(path.join(OUT, 'images/og-default.jpg'), img, { maxBytes: 170 * 1024 });
    log(`images/og-default.jpg (${kb(res.bytes)}, q${res.q})`);
  }
}

// ---------------------------------------------------------------------------
// Hero: poster + seamless looping clips
// ---------------------------------------------------------------------------
// A clip is a horizontal pan over exactly one period of a strip whose structure repeats
// every `period` design px; grain and tonal noise come from a periodic texture, so the last
// frame flows into the first. The poster is frame 0 of hero-1, rendered at 1920 x 1080.
const HERO = {
  fps: 24,
  seconds: 5,
  clips: [
    { name: 'hero-1', scene: 'tufted', pal: 'oxblood', dx: 300, dy: 230, btn: 15, period: 300 },
    // closer in (zoom 1.5): one period is 360 px at 1280 wide, 3 px per frame
    { name: 'hero-2', scene: 'seam', pal: 'cognac', pal2: 'chocolate', pipe: '#3b2216', y: 0.58, period: 300, zoom: 1.5 },
  ],
  // the camera-fixed look: warm key light from the right, vignette, dark left half for text
  look: { keyX: 0.85, keyY: 0.1, keyAmt: 0.5, vignette: 0.55, darkLeft: 0.74, darken: 0.1 },
};

// periodic grain texture (grey) of size T x H: noise rendered wider and cross-faded at the wrap
async function periodicNoise(T, H, { freq, seed = 5 }) {
  const ov = Math.round(T / 3);
  const w = T + ov;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${H}"><filter id="n" filterUnits="userSpaceOnUse" x="0" y="0" width="${w}" height="${H}" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="${f6(freq)}" numOctaves="3" seed="${seed}"/><feColorMatrix type="matrix" values="1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 1"/></filter><rect width="${w}" height="${H}" filter="url(#n)"/></svg>`;
  const src = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  const out = Buffer.alloc(T * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < T; x++) {
      let v = src[y * w + x];
      if (x < ov) {
        const a = x / ov; // x = 0 takes the sample one period later, continuous with x = T - 1
        const norm = Math.sqrt(a * a + (1 - a) * (1 - a)); // keep the contrast through the blend
        v = 128 + ((src[y * w + x + T] - 128) * (1 - a) + (v - 128) * a) / norm;
      }
      out[y * T + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return out;
}

// one period of the hero material, T x H pixels (RGB), at scale u
async function heroTile(clip, scale, H) {
  const u = scale * (clip.zoom ?? 1);
  const T = Math.round(clip.period * u);
  const Wr = 3 * T; // render three periods and keep the middle one: no edge effects
  const ctx = new Ctx(Wr, H, clip.name, u);
  const grain = await periodicNoise(T, H, { freq: 0.22 / scale, seed: 11 }); // grain size does not zoom
  const png = await sharp(grain, { raw: { width: T, height: H, channels: 1 } }).png().toBuffer();
  const pid = ctx.id('gp');
  ctx.def(`<pattern id="${pid}" patternUnits="userSpaceOnUse" x="0" y="0" width="${T}" height="${H}"><image href="data:image/png;base64,${png.toString('base64')}" width="${T}" height="${H}"/></pattern>`);
  ctx.periodic = { pattern: pid };
  const o = { ...clip, rot: 0, jitter: 0, x0: -T, area: { x0: -T, x1: Wr + T, y0: -H * 0.3, y1: H * 1.3 } };
  const body = SCENES[clip.scene](ctx, o);
  const svg = svgDoc(Wr, H, ctx, body);
  const strip = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const tile = await sharp(strip.data, { raw: strip.info }).extract({ left: T, top: 0, width: T, height: H }).raw().toBuffer();
  return { tile, T };
}

// repeat a period horizontally to at least `width` + one period
function repeatTile(tile, T, H, width) {
  const n = Math.ceil(width / T) + 1;
  const data = Buffer.alloc(n * T * H * 3);
  for (let y = 0; y < H; y++) for (let k = 0; k < n; k++) tile.copy(data, (y * n * T + k * T) * 3, y * T * 3, (y + 1) * T * 3);
  return { data, width: n * T };
}

async function lookOverlay(W, H) {
  const ctx = new Ctx(W, H, 'look');
  return sharp(Buffer.from(svgDoc(W, H, ctx, finishOverlays(ctx, HERO.look)))).png().toBuffer();
}

async function heroFrame(strip, x, W, H, overlay) {
  return sharp(strip.data, { raw: { width: strip.width, height: H, channels: 3 } })
    .extract({ left: x, top: 0, width: W, height: H })
    .composite([{ input: overlay }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

async function heroes(log) {
  if (want('images/hero/poster.jpg')) {
    const W = 1920, H = 1080;
    const { tile, T } = await heroTile(HERO.clips[0], W / 1600, H);
    const frame = await heroFrame(repeatTile(tile, T, H, W), 0, W, H, await lookOverlay(W, H));
    const res = await writeJpeg(path.join(OUT, 'images/hero/poster.jpg'), { data: frame, info: { width: W, height: H, channels: 3 } }, { maxBytes: 200 * 1024 });
    log(`images/hero/poster.jpg (${kb(res.bytes)}, q${res.q})`);
  }
  if (NO_VIDEO) return;
  for (const clip of HERO.clips) {
    if (!want(`videos/${clip.name}`)) continue;
    const W = 1280, H = 720;
    const { tile, T } = await heroTile(clip, W / 1600, H);
    const strip = repeatTile(tile, T, H, W);
    const overlay = await lookOverlay(W, H);
    const frames = HERO.fps * HERO.seconds;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hero-'));
    const raw = path.join(tmp, 'frames.rgb');
    const fd = fs.openSync(raw, 'w');
    for (let i = 0; i < frames; i++) fs.writeSync(fd, await heroFrame(strip, Math.round((i * T) / frames), W, H, overlay));
    fs.closeSync(fd);
    const dir = path.join(OUT, 'videos');
    fs.mkdirSync(dir, { recursive: true });
    const input = ['-y', '-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(HERO.fps), '-i', raw, '-an', '-map_metadata', '-1'];
    const mp4 = path.join(dir, `${clip.name}.mp4`);
    run(FFMPEG, [...input, '-c:v', 'libx264', '-preset', 'slow', '-crf', '29', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-g', String(HERO.fps * 2), '-threads', '1', '-movflags', '+faststart', '-fflags', '+bitexact', mp4]);
    log(`videos/${clip.name}.mp4 (${kb(fs.statSync(mp4).size)})`);
    const webm = path.join(dir, `${clip.name}.webm`);
    run(FFMPEG, [...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-fflags', '+bitexact', webm]);
    log(`videos/${clip.name}.webm (${kb(fs.statSync(webm).size)})`);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed with status ${r.status}`);
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
const kb = (n) => `${Math.round(n / 1024)} KB`;
const want = (p) => !ONLY || ONLY.split(',').some((o) => p.includes(o));
function write(rel, data) {
  const file = path.join(OUT, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

async function main() {
  const t0 = Date.now();
  const log = (s) => console.log(s);
  await brand(log);
  const jobs = IMAGES.filter((s) => want(s.out));
  let next = 0;
  const workers = Math.max(1, Math.min(os.cpus().length, 2));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs.length) {
        const spec = jobs[next++];
        const r = await renderScene(spec, spec.w ?? 1600, spec.h ?? 1000);
        const d = await depthOfField(r, spec.dof);
        const res = await writeJpeg(path.join(OUT, spec.out), d, { label: spec.label, corner: spec.corner });
        log(`${spec.out} (${kb(res.bytes)}, q${res.q}${res.sigma ? `, soften ${res.sigma}` : ''})`);
      }
    }),
  );
  await heroes(log);
  log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s -> ${OUT}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

// The largest image a page makes a phone download: a 390 px wide viewport at device pixel
// ratio 2. Reads the page's <img>, <picture> sources and image preloads the way a browser
// picks a candidate (first AVIF source of a picture, `sizes` evaluated at 390 px, the
// smallest `w` candidate at least 780 device pixels wide). Lazy images are left out: they
// are not part of the first screen's load.
import type { PageImage } from './budgets.ts';

export const VIEWPORT = 390;
export const DPR = 2;

/** The largest image among those the page loads up front, by bytes (known files only). */
export function largestImage(html: string, bytes: ReadonlyMap<string, number>, viewport = VIEWPORT, dpr = DPR): PageImage | undefined {
  let best: PageImage | undefined;
  const consider = (url: string | undefined) => {
    if (!url) return;
    const size = bytes.get(url);
    if (size !== undefined && (!best || size > best.bytes)) best = { url, bytes: size };
  };
  const tag = /<(\/?picture|img|source|link)\b([^>]*)>/gi;
  let picture: { srcset: string; sizes?: string; type?: string }[] | undefined;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[1].toLowerCase();
    const attrs = attributes(m[2]);
    if (name === 'picture') picture = [];
    else if (name === '/picture') picture = undefined;
    else if (name === 'source' && picture && attrs.srcset) picture.push({ srcset: attrs.srcset, sizes: attrs.sizes, type: attrs.type });
    else if (name === 'img') {
      if (attrs.loading === 'lazy') continue;
      // A browser with AVIF takes the first AVIF source, else the first source it supports.
      const source = picture?.find((s) => s.type === 'image/avif') ?? picture?.find((s) => !s.type || s.type === 'image/webp') ?? picture?.[0];
      if (source) consider(pick(source.srcset, source.sizes ?? attrs.sizes, viewport, dpr));
      else if (attrs.srcset) consider(pick(attrs.srcset, attrs.sizes, viewport, dpr));
      else consider(attrs.src);
    } else if (name === 'link' && attrs.rel === 'preload' && attrs.as === 'image') {
      consider(attrs.imagesrcset ? pick(attrs.imagesrcset, attrs.imagesizes, viewport, dpr) : attrs.href);
    }
  }
  return best;
}

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const attr = /([\w:-]+)(?:\s*=\s*"([^"]*)"|\s*=\s*'([^']*)'|\s*=\s*([^\s"'>]+))?/g;
  for (let m = attr.exec(text); m; m = attr.exec(text)) out[m[1].toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

function decode(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** The srcset candidate a browser picks. */
export function pick(srcset: string, sizes: string | undefined, viewport: number, dpr: number): string | undefined {
  const candidates = srcset.split(/,\s+(?=\S)/).map((c) => c.trim()).filter(Boolean).map((c) => {
    const [url, descriptor = '1x'] = c.split(/\s+/);
    const n = Number.parseFloat(descriptor);
    return { url, w: descriptor.endsWith('w') ? n : undefined, x: descriptor.endsWith('x') ? n : undefined };
  });
  if (candidates.length === 0) return undefined;
  const widths = candidates.filter((c) => c.w !== undefined).sort((a, b) => a.w! - b.w!);
  if (widths.length > 0) {
    const needed = slotWidth(sizes, viewport) * dpr;
    return (widths.find((c) => c.w! >= needed) ?? widths[widths.length - 1]).url;
  }
  const densities = candidates.sort((a, b) => (a.x ?? 1) - (b.x ?? 1));
  return (densities.find((c) => (c.x ?? 1) >= dpr) ?? densities[densities.length - 1]).url;
}

/** The width in CSS px that `sizes` gives at this viewport (100vw without sizes). */
export function slotWidth(sizes: string | undefined, viewport: number): number {
  if (!sizes) return viewport;
  for (const part of sizes.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\(.*\))\s+(\S.*)$/.exec(part);
    if (!m) return length(part, viewport) ?? viewport;
    if (mediaMatches(m[1], viewport)) return length(m[2], viewport) ?? viewport;
  }
  return viewport;
}

function px(value: string, viewport: number): number | undefined {
  const m = /^(-?[\d.]+)(px|r?em|vw)?$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number.parseFloat(m[1]);
  if (m[2] === 'vw') return (n * viewport) / 100;
  if (m[2] === 'rem' || m[2] === 'em') return n * 16;
  return n;
}

function length(value: string, viewport: number): number | undefined {
  const calc = /^calc\((.*)\)$/.exec(value.trim());
  if (!calc) return px(value, viewport);
  // calc(a ± b ± …) with px, rem, em, vw terms.
  let total = 0;
  for (const term of calc[1].replace(/\s*([+-])\s+/g, ' $1').split(/\s+(?=[+-])/)) {
    const sign = term.startsWith('-') ? -1 : 1;
    const v = px(term.replace(/^[+-]/, ''), viewport);
    if (v === undefined) return undefined;
    total += sign * v;
  }
  return total;
}

function mediaMatches(media: string, viewport: number): boolean {
  return media.split(/\s+and\s+/i).every((cond) => {
    const m = /^\(\s*(min|max)-width\s*:\s*([^)]+)\)$/i.exec(cond.trim());
    if (!m) return false;
    const v = px(m[2], viewport);
    if (v === undefined) return false;
    return m[1].toLowerCase() === 'min' ? viewport >= v : viewport <= v;
  });
}

// How a browser reads `sizes` and `srcset`: the slot's width at a viewport, the candidate it
// picks, and the widest slot a `sizes` value can give (which bounds the variants a srcset
// needs). Shared by the templates (server and islands) and the page-weight budget; plain
// functions, no Node APIs.

/** Device pixel ratios up to 2 are served at full sharpness (phones, retina laptops). */
export const MAX_DPR = 2;

/** Above the largest breakpoint a viewport-relative slot keeps growing: evaluated this wide. */
const WIDEST_VIEWPORT = 3840;

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

/**
 * The widest the slot gets at any viewport. Each clause's length grows with the viewport, so
 * its largest value is just below the next breakpoint (or at the widest viewport).
 */
export function maxSlotWidth(sizes: string | undefined): number {
  const viewports = new Set([320, WIDEST_VIEWPORT]);
  for (const m of (sizes ?? '').matchAll(/\((?:min|max)-width\s*:\s*([^)]+)\)/gi)) {
    const v = px(m[1], 0);
    if (v !== undefined) for (const near of [v - 1, v, v + 1]) if (near > 0) viewports.add(near);
  }
  return Math.max(...[...viewports].map((v) => slotWidth(sizes, v)));
}

interface Candidate {
  url: string;
  w?: number;
  x?: number;
  text: string;
}

function candidates(srcset: string): Candidate[] {
  return srcset.split(/,\s+(?=\S)/).map((c) => c.trim()).filter(Boolean).map((text) => {
    const [url, descriptor = '1x'] = text.split(/\s+/);
    const n = Number.parseFloat(descriptor);
    return { url, w: descriptor.endsWith('w') ? n : undefined, x: descriptor.endsWith('x') ? n : undefined, text };
  });
}

/** The srcset candidate a browser picks: the smallest at least slot × dpr wide, else the widest. */
export function pick(srcset: string, sizes: string | undefined, viewport: number, dpr: number): string | undefined {
  const all = candidates(srcset);
  if (all.length === 0) return undefined;
  const widths = all.filter((c) => c.w !== undefined).sort((a, b) => a.w! - b.w!);
  if (widths.length > 0) {
    const needed = slotWidth(sizes, viewport) * dpr;
    return (widths.find((c) => c.w! >= needed) ?? widths[widths.length - 1]).url;
  }
  const densities = all.sort((a, b) => (a.x ?? 1) - (b.x ?? 1));
  return (densities.find((c) => (c.x ?? 1) >= dpr) ?? densities[densities.length - 1]).url;
}

/**
 * The `w` candidates a browser can pick for this slot at a device pixel ratio up to MAX_DPR:
 * every one up to the first that covers the widest slot. Wider ones are never chosen, so they
 * are left out of the srcset (and never encoded).
 */
export function srcsetForSlot(srcset: string, sizes: string | undefined): string {
  const all = candidates(srcset);
  if (all.some((c) => c.w === undefined)) return srcset;
  const sorted = all.sort((a, b) => a.w! - b.w!);
  const needed = maxSlotWidth(sizes) * MAX_DPR;
  const last = sorted.findIndex((c) => c.w! >= needed);
  return (last < 0 ? sorted : sorted.slice(0, last + 1)).map((c) => c.text).join(', ');
}

/** The URLs of a srcset's candidates. */
export function srcsetUrls(srcset: string | undefined): string[] {
  return srcset ? candidates(srcset).map((c) => c.url) : [];
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

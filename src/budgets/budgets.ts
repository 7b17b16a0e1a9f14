// Page-weight budgets: per page, the gzip bytes of its HTML, of the CSS and JS it loads and of
// the largest image it loads on a 390 px phone, against the budgets of content/site.yaml
// (`budgets:`, KB). `stitch build` reports them per route kind and fails when a page is over.
//
// Pages are not all gzipped: a large blog has thousands of posts of one kind and compressing
// each costs as much as rendering it. A page is measured exactly when its raw size could exceed
// a budget (gzip output is never more than a few bytes above the input), and the few largest
// pages of each kind are measured for the size report.
import { gzipSync } from 'node:zlib';
import type { SiteData } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { ImageUse } from '../images/image-context.ts';
import { imagePreloads } from '../images/recorded-images.ts';
import { pick } from '../images/slot-width.ts';
import type { PageImage, RenderedPage } from '../render/page-facts.ts';
import type { PageRoute } from '../routes/types.ts';

/** Budgets in bytes (gzip). */
export interface Budgets {
  js: number;
  css: number;
  html: number;
  lcpImage: number;
}

/** The budgets, in KB: JS 75, CSS 25, HTML 50, LCP image 120 (at 390 px). */
export const DEFAULT_BUDGETS_KB = { js: 75, css: 25, html: 50, lcpImage: 120 } as const;

export function resolveBudgets(site?: Pick<SiteData, 'budgets'>): Budgets {
  const kb = { ...DEFAULT_BUDGETS_KB, ...Object.fromEntries(Object.entries(site?.budgets ?? {}).filter(([, v]) => v !== undefined)) };
  return { js: kb.js * 1024, css: kb.css * 1024, html: kb.html * 1024, lcpImage: kb.lcpImage * 1024 };
}

/** What one page weighs. */
export interface PageWeight {
  route: PageRoute;
  /** Gzip bytes of the HTML; undefined when not measured (then it is known to be under `htmlBound`). */
  html?: number;
  /** An upper bound of the gzip bytes of the HTML. */
  htmlBound: number;
  css: number;
  js: number;
  image?: PageImage;
}

/** Gzip sizes of the files a page can load, by public URL. */
export function gzipSizes(files: { path: string; contents: string | Uint8Array }[]): Map<string, number> {
  return new Map(files.map((f) => [`/${f.path.replace(/^\//, '')}`, gzipSync(f.contents).length]));
}

export function weighPages(pages: Iterable<RenderedPage>, assets: Map<string, number>, styles: string[]): PageWeight[] {
  const css = styles.reduce((sum, href) => sum + (assets.get(href) ?? 0), 0);
  const out: PageWeight[] = [];
  for (const { route, facts: page } of pages) {
    const js = page.scripts.reduce((sum, src) => sum + (assets.get(src) ?? 0), 0);
    const htmlBound = page.gzip ?? (page.bytes !== undefined ? gzipCeiling(page.bytes) : Number.POSITIVE_INFINITY);
    out.push({ route, html: page.gzip, htmlBound, css, js, image: page.image });
  }
  return out;
}

/**
 * One diagnostic per page and resource over its budget. A page that loads the original of a
 * photo that has responsive variants (`responsive`) gets a warning instead: the fix is in the
 * template, and the photo's variants are what the budget is about.
 */
export function checkBudgets(weights: PageWeight[], budgets: Budgets, responsive: ReadonlySet<string> = new Set()): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const w of weights) {
    const at = w.route.origin ? { file: w.route.origin.file } : {};
    if (w.htmlBound > budgets.html) out.push(errors.budgetExceeded(w.route.path, 'the HTML', w.html ?? w.htmlBound, budgets.html, at));
    if (w.css > budgets.css) out.push(errors.budgetExceeded(w.route.path, 'the CSS it loads', w.css, budgets.css, at));
    if (w.js > budgets.js) out.push(errors.budgetExceeded(w.route.path, 'the JavaScript it loads', w.js, budgets.js, at));
    if (w.image && w.image.bytes > budgets.lcpImage) {
      if (responsive.has(w.image.url)) out.push(errors.originalImageLoaded(w.route.path, w.image.url, w.image.bytes, budgets.lcpImage, at));
      else out.push(errors.budgetExceeded(w.route.path, `the largest image at 390 px (${w.image.url})`, w.image.bytes, budgets.lcpImage, at));
    }
  }
  return out;
}

export interface KindRow {
  kind: string;
  pages: number;
  /** Largest measured HTML gzip of the kind. */
  html: number;
  css: number;
  js: number;
  image: number;
}

/** Per route kind: page count and the largest of each measure. */
export function weightsByKind(weights: PageWeight[]): KindRow[] {
  const rows = new Map<string, KindRow>();
  for (const w of weights) {
    const row = rows.get(w.route.kind) ?? { kind: w.route.kind, pages: 0, html: 0, css: 0, js: 0, image: 0 };
    row.pages++;
    row.html = Math.max(row.html, w.html ?? 0);
    row.css = Math.max(row.css, w.css);
    row.js = Math.max(row.js, w.js);
    row.image = Math.max(row.image, w.image?.bytes ?? 0);
    rows.set(row.kind, row);
  }
  return [...rows.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** gzip adds a header, a trailer and at most 5 bytes per 16 KB block to incompressible input. */
export function gzipCeiling(bytes: number): number {
  return bytes + 18 + 5 * Math.ceil((bytes + 1) / 16384);
}

export class PageWeights {
  private readonly largest = new Map<string, { output: string; bytes: number; html?: string }[]>();

  /** Tracks the `keep` largest pages of each kind. */
  constructor(private readonly keep = 4) {}

  /** Notes a page; `html` is kept while the page is among the largest (else read back by measure()). */
  add(kind: string, output: string, bytes: number, html?: string): void {
    const list = this.largest.get(kind) ?? [];
    if (list.length >= this.keep && bytes <= list[list.length - 1].bytes) return;
    list.push({ output, bytes, html });
    list.sort((a, b) => b.bytes - a.bytes || a.output.localeCompare(b.output));
    if (list.length > this.keep) list.pop();
    this.largest.set(kind, list);
  }

  /** Gzip size of every tracked page, by output path; `read` supplies pages whose HTML was not kept. */
  async measure(read: (output: string) => Promise<string | Uint8Array | undefined>): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    for (const list of this.largest.values()) {
      for (const p of list) {
        const html = p.html ?? await read(p.output);
        if (html !== undefined) sizes.set(p.output, gzipSync(html).length);
      }
    }
    return sizes;
  }
}

/**
 * The image URLs a phone (390 px wide, device pixel ratio 2) loads up front: the candidate it
 * picks for each eager image (the AVIF source of a picture when there is one, `sizes` evaluated
 * at 390 px) and for each head preload; lazy images are not part of the first screen's load.
 * Small, so render workers send these and the bytes are looked up once the variants are encoded.
 */
export function phoneLoads(images: readonly ImageUse[], preloads: readonly string[] = []): string[] {
  const [viewport, dpr] = [390, 2];
  const urls: string[] = [];
  for (const use of images) {
    if (!use.shown || use.loading === 'lazy') continue;
    const srcset = use.avif ?? use.jpeg;
    const url = srcset ? pick(srcset, use.sizes, viewport, dpr) : use.src;
    if (url) urls.push(url);
  }
  for (const pre of imagePreloads(preloads, images) ?? []) {
    const url = pre.srcset ? pick(pre.srcset, pre.sizes, viewport, dpr) : pre.href;
    if (url) urls.push(url);
  }
  return [...new Set(urls)];
}

/** The largest of these files, by bytes (known files only). */
export function largestOf(urls: readonly string[], bytes: ReadonlyMap<string, number>): PageImage | undefined {
  let best: PageImage | undefined;
  for (const url of urls) {
    const size = bytes.get(url);
    if (size !== undefined && (!best || size > best.bytes)) best = { url, bytes: size };
  }
  return best;
}

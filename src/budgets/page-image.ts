// The largest image a page makes a phone download: a 390 px wide viewport at device pixel
// ratio 2. Works from the images the page recorded while rendering (src/images/image-context.ts)
// and its head's image preloads, the way a browser picks a candidate (the AVIF source of a
// picture, `sizes` evaluated at 390 px, the smallest `w` candidate at least 780 device pixels
// wide). Lazy images are left out: they are not part of the first screen's load.
import type { ImageUse } from '../images/image-context.ts';
import { imagePreloads } from '../images/recorded-images.ts';
import { pick } from '../images/slot-width.ts';
import type { PageImage } from '../render/page-facts.ts';

export const VIEWPORT = 390;
export const DPR = 2;

/** The largest image among those the page loads up front, by bytes (known files only). */
export function largestImage(images: readonly ImageUse[], bytes: ReadonlyMap<string, number>, preloads: readonly string[] = [], viewport = VIEWPORT, dpr = DPR): PageImage | undefined {
  return largestOf(phoneLoads(images, preloads, viewport, dpr), bytes);
}

/**
 * The image URLs a phone loads up front: the candidate it picks for each eager image (the
 * AVIF source of a picture when there is one) and for each head preload. Small, so render
 * workers send these and the bytes are looked up once the variants are encoded.
 */
export function phoneLoads(images: readonly ImageUse[], preloads: readonly string[] = [], viewport = VIEWPORT, dpr = DPR): string[] {
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

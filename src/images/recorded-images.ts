// What the build makes of a page's recorded images (src/images/image-context.ts): the head's
// image preloads and the URLs the page can load.
import type { ImagePreload } from '../render/document.ts';
import type { ImageUse } from './image-context.ts';
import { srcsetUrls } from './slot-width.ts';

/**
 * A preloaded photo that the page shows through its responsive variants is preloaded as the
 * AVIF candidate the browser will pick for the slot the page gives it (the srcset and `sizes`
 * its <picture> was rendered with), so it is not fetched twice; a page that shows the
 * original preloads the original.
 */
export function imagePreloads(preloads: readonly string[] | undefined, images: readonly ImageUse[]): ImagePreload[] | undefined {
  if (!preloads?.length) return undefined;
  return preloads.map((src) => {
    const shown = images.filter((i) => i.photo === src && i.shown && i.avif);
    const use = shown.find((i) => i.priority) ?? shown.find((i) => i.loading === 'eager') ?? shown[0];
    if (!use) return { href: src };
    return { href: use.src, srcset: use.avif!, sizes: use.sizes ?? '100vw', type: 'image/avif' };
  });
}

/** Every URL the page's images can load: the variants its srcsets offer, and the <img> files. */
export function imageUrls(images: readonly ImageUse[]): string[] {
  const urls = new Set<string>();
  for (const use of images) {
    urls.add(use.src);
    for (const srcset of [use.avif, use.jpeg]) for (const url of srcsetUrls(srcset)) urls.add(url);
  }
  return [...urls];
}

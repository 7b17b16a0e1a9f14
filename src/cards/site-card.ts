// The site card: the one social image of every page without a card of its own (home, listings,
// contact, legal pages…). It is site.yaml's `image`, a fixed asset the editor chose (1200×630 in
// this site): one URL that social networks fetch once, and nothing to render. Its size is read
// for og:image:width and og:image:height: the images stage's, when the image is one of the
// photos it planned (sharp is then not loaded at all), else from its header.
import type { SiteData } from '../content/types.ts';
import type { ImageManifest } from '../images/image-manifest.ts';
import { loadSharp } from '../images/lazy-sharp.ts';

export interface SiteCard {
  /** Public path of the image. */
  path: string;
  width?: number;
  height?: number;
}

export async function siteCardOf(assetsDir: string, site: SiteData, photos: ImageManifest = {}): Promise<SiteCard> {
  const planned = Object.hasOwn(photos, site.image) ? photos[site.image] : undefined;
  if (planned) return { path: site.image, width: planned.width, height: planned.height };
  const sharp = await loadSharp();
  const { width, height } = await sharp(`${assetsDir}${site.image}`).metadata().catch(() => ({ width: undefined, height: undefined }));
  return { path: site.image, width, height };
}

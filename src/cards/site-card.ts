// The site card: the one social image of every page without a card of its own (home, listings,
// contact, legal pages…). It is site.yaml's `image`, a fixed asset the editor chose (1200×630 in
// this site): one URL that social networks fetch once, and nothing to render. Its size is read
// from its header for og:image:width and og:image:height.
import sharp from 'sharp';
import type { SiteData } from '../content/types.ts';

export interface SiteCard {
  /** Public path of the image. */
  path: string;
  width?: number;
  height?: number;
}

export async function siteCardOf(assetsDir: string, site: SiteData): Promise<SiteCard> {
  const { width, height } = await sharp(`${assetsDir}${site.image}`).metadata().catch(() => ({ width: undefined, height: undefined }));
  return { path: site.image, width, height };
}

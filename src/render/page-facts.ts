// What the build knows of a rendered page, recorded while it renders (page-recorder.ts), never
// read back from its HTML. One shape for the render pass, the output manifest, the link check and the budgets.
import type { PageRoute } from '../routes/types.ts';

export type RefKind = 'image' | 'video' | 'audio' | 'script' | 'stylesheet' | 'file';

/** A file a page loads, as written. */
export interface Resource {
  url: string;
  kind: RefKind;
}

/** What the link check needs of a page. */
export interface LinkFacts {
  /** Every id (and `<a name>`) on the page: the #fragments that resolve. */
  ids: string[];
  /** `<a href>` and `<area href>` values as written. */
  links: string[];
  /** Files the page loads, as written (stylesheets, scripts, images, videos; not the canonical URL). */
  resources: Resource[];
}

/** The largest image a page loads on a 390 px wide phone. */
export interface PageImage {
  /** Public URL of the file that is downloaded. */
  url: string;
  bytes: number;
}

export interface PageFacts {
  /** Island entry names used by the page. */
  islands: string[];
  /** Public URLs of its scripts (entries, the chunks they import, the chunks lazy entries load later). */
  scripts: string[];
  /** UTF-8 size of the HTML. */
  bytes?: number;
  /** Gzip size of the HTML, when measured (see budgets/budgets.ts). */
  gzip?: number;
  /** The image URLs a phone loads up front (budgets/budgets.ts phoneLoads): `image` once their bytes are known. */
  imageLoads?: string[];
  /** The largest image the page loads on a 390 px phone. */
  image?: PageImage;
  /** Its ids, links and referenced files, when the build checks links. */
  links?: LinkFacts;
}

/** A rendered page: its route and its facts. */
export interface RenderedPage {
  route: PageRoute;
  facts: PageFacts;
}

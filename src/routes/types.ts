// A route: one page of the site (or one redirect stub), with everything needed to render it.
import type { Origin } from '../content/types.ts';

export interface Head {
  title: string;
  /** Meta description, with the Albuquerque suffix rule applied. */
  description: string;
  /** What the suffix rule added to the description as written (routes/head.ts `descriptionSuffix`), when it added anything. */
  descriptionSuffix?: string;
  /** Indexable pages only. */
  canonical?: string;
  /** Absolute social image URL: the page's own card, or the site card. */
  image: string;
  /** The social image's size in pixels, when known. */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  ogType: 'website' | 'article';
  /** The page's own JSON-LD objects, each written in its own script tag. */
  jsonLd: Record<string, unknown>[];
  /**
   * JSON-LD made as the page renders, written after `jsonLd` (routes/json-ld.ts `pageJsonLd`):
   * 'article', the BlogPosting of `props.post`; 'breadcrumbs', the BreadcrumbList of
   * `props.breadcrumbs`.
   */
  derivedJsonLd?: ('article' | 'breadcrumbs')[];
  /** Also left out of the sitemap. */
  noindex: boolean;
  /** The LCP image. */
  preloadImages?: string[];
}

export interface PageRoute {
  type: 'page';
  /** Public path without trailing slash ('/' for home). */
  path: string;
  /** Output file relative to the out dir. */
  output: string;
  /** For reports and tests, e.g. 'blog-post'. */
  kind: string;
  /** The template's name in the templates bundle. */
  template: string;
  props: Record<string, unknown>;
  head: Head;
  /** Sitemap lastmod (yyyy-mm-dd). */
  lastmod?: string;
  /** The content file this page comes from, for diagnostics. */
  origin?: Origin;
  /**
   * A page whose body is Markdown (a post, about, privacy, terms). Routes are made before any
   * Markdown renders: the document pass renders `body` and puts the HTML at `props[into].html`.
   */
  markdown?: { body: string; into: string };
  /** The page's own social card, rendered at build (src/cards); head.image points at it. */
  card?: CardRequest;
}

/** What a page's social card shows, and where it goes. */
export interface CardRequest {
  /** Output file relative to the out dir: `cards/<page path>.png`. */
  output: string;
  title: string;
  /** What kind of page: "Blog", the service's category, "Detailing", "Locations". */
  category: string;
  /** Public path of the cover photo, when the page has one. */
  photo?: string;
  /** The editor's own image (`ogImage:`, src/cards/chosen-cards.ts), copied to `output` instead of a card drawn. */
  ogImage?: { source: string; width: number; height: number };
}

export interface RedirectRoute {
  type: 'redirect';
  path: string;
  output: string;
  kind: 'redirect';
  to: string;
  origin: Origin;
}

export type Route = PageRoute | RedirectRoute;

/** Prefix redirect rules (`/old/*`), written to _redirects and handled by the 404 island. */
export interface PrefixRedirect {
  base: string;
  to: string;
}

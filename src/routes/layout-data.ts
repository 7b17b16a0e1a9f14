// What every page's layout needs: business facts, navigation and build-time settings.
import type { ContentGraph, SiteData } from '../content/types.ts';
import type { ImageManifest } from '../images/image-manifest.ts';

export interface NavLink {
  id: string;
  title: string;
  href: string;
}

export interface LayoutData {
  site: SiteData;
  /** The site's absolute origin (SITE_URL or site.yaml url). */
  siteUrl: string;
  /** The eight categories, for the Services menu and the footer. */
  categories: NavLink[];
  /** The detailing services, for menus. */
  detailing: NavLink[];
  /** Copyright year (from the build date; SOURCE_DATE_EPOCH honoured). */
  year: number;
  /** Quote form settings baked into the page. */
  quote: { endpoint: string; apiKey: string };
  /** The rebuild page's deploy hook, empty when unset. */
  deployHook: string;
  /** Prefix redirect rules for the not-found island. */
  prefixRedirects: { base: string; to: string }[];
  /** Responsive variants of the content photos, by public path (see src/images/image-manifest.ts). */
  images: ImageManifest;
}

export interface LayoutSettings {
  siteUrl: string;
  buildTime: number;
  quoteEndpoint: string;
  quoteKey: string;
  deployHook: string;
  /** The image stage's manifest (empty when images were not processed). */
  images?: ImageManifest;
}

export function layoutData(graph: ContentGraph, settings: LayoutSettings): LayoutData {
  return {
    site: graph.site,
    siteUrl: settings.siteUrl,
    categories: graph.categories.map((c) => ({ id: c.id, title: c.title, href: `/services/${c.id}` })),
    detailing: graph.detailing.map((d) => ({ id: d.id, title: d.title, href: `/detailing-services/${d.id}` })),
    year: new Date(settings.buildTime).getUTCFullYear(),
    quote: { endpoint: settings.quoteEndpoint, apiKey: settings.quoteKey },
    deployHook: settings.deployHook,
    prefixRedirects: graph.redirects.filter((r) => r.prefix).map((r) => ({ base: r.base, to: r.to })),
    images: settings.images ?? {},
  };
}

// What every page's layout needs: business facts, navigation and build-time settings.
import type { ResolvedConfig } from '../config/resolve-config.ts';
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

/** The layout of a build of `config`'s site at `siteUrl`; `images`: the image stage's manifest. */
export function layoutData(graph: ContentGraph, config: ResolvedConfig, siteUrl: string, images: ImageManifest = {}): LayoutData {
  return {
    site: graph.site,
    siteUrl,
    categories: graph.categories.map((c) => ({ id: c.id, title: c.title, href: `/services/${c.id}` })),
    detailing: graph.detailing.map((d) => ({ id: d.id, title: d.title, href: `/detailing-services/${d.id}` })),
    year: new Date(config.buildTime).getUTCFullYear(),
    // Without a webhook, dev's own quote endpoint answers the form; a build's form has nowhere to post.
    quote: { endpoint: config.quoteWebhookUrl ?? (config.mode === 'development' ? '/__stitch/quote' : ''), apiKey: config.quoteWebhookKey ?? '' },
    deployHook: config.deployHookUrl ?? '',
    prefixRedirects: graph.redirects.filter((r) => r.prefix).map((r) => ({ base: r.base, to: r.to })),
    images,
  };
}

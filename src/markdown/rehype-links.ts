// External links get rel="noopener noreferrer" (and target is left alone); a link titled
// "affiliate" is marked rel="sponsored" and loses the marker title. Applied to each <a> by
// rehype-elements.ts.
import type { Element } from 'hast';

export interface RehypeLinksOptions {
  /** The site's own origin; links to it are internal. */
  siteUrl?: string;
}

/** What is done to each <a>, for a site at `siteUrl`. */
export function linkMarker(options: RehypeLinksOptions = {}): (node: Element) => void {
  const own = options.siteUrl ? new URL(options.siteUrl).host : undefined;
  return (node) => {
    const href = String(node.properties.href ?? '');
    const rel = new Set<string>();
    if (node.properties.title === 'affiliate') {
      delete node.properties.title;
      rel.add('sponsored');
    }
    if (/^https?:\/\//i.test(href)) {
      let host = '';
      try {
        host = new URL(href).host;
      } catch {
        host = '';
      }
      if (host !== own) {
        rel.add('noopener');
        rel.add('noreferrer');
      }
    }
    if (rel.size > 0) node.properties.rel = [...rel];
  };
}

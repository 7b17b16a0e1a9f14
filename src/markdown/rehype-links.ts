// rehype plugin: external links get rel="noopener noreferrer" (and target is left alone);
// a link titled "affiliate" is marked rel="sponsored" and loses the marker title.
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export interface RehypeLinksOptions {
  /** The site's own origin; links to it are internal. */
  siteUrl?: string;
}

export default function rehypeLinks(options: RehypeLinksOptions = {}) {
  const own = options.siteUrl ? new URL(options.siteUrl).host : undefined;
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a') return;
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
    });
  };
}

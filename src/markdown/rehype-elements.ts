// rehype plugin: one walk over the elements that does what three full visits did: external
// links' rel, focusable code blocks, Prism highlighting (rehype-prism-plus, on each block alone).
//
// Code blocks are focusable (tabindex="0"): a long line makes a <pre> scroll sideways on a
// phone, and a keyboard user can only scroll what can take focus (WCAG 2.1.1; axe's
// scrollable-region-focusable). Whether a block overflows depends on the screen, so every
// block gets it, before Prism adds its class (the attributes keep that order).
// Prism knows the common languages (refractor's common set: bash, CSS, JS/TS, JSON, YAML, HTML,
// Markdown, Python, SQL…): loading all 300 takes half a second at every start; others stay plain text.
import type { Element, Root } from 'hast';
import rehypePrism from 'rehype-prism-plus/common';

export interface RehypeLinksOptions {
  /** The site's own origin; links to it are internal. */
  siteUrl?: string;
}

export default function rehypeElements(options: RehypeLinksOptions = {}) {
  const markLink = linkMarker(options);
  // rehype-prism-plus's transformer, given a root holding one <pre>: it visits that subtree only
  // and changes nothing outside it (its <pre> and the <code> in it).
  const highlight = (rehypePrism as unknown as (o: object) => (tree: Root) => void)({ ignoreMissing: true, defaultLanguage: undefined });
  // A <pre> is not walked into: from Markdown it holds only a code block's text.
  const walk = (children: (Root | Element)['children']) => {
    for (const node of children) {
      if (node.type !== 'element') continue;
      if (node.tagName === 'pre') {
        node.properties.tabIndex = 0;
        highlight({ type: 'root', children: [node] });
        continue;
      }
      if (node.tagName === 'a') markLink(node);
      walk(node.children);
    }
  };
  return (tree: Root) => walk(tree.children);
}

/**
 * What is done to each <a>: an external link gets rel="noopener noreferrer" (its target is left
 * alone); a link titled "affiliate" is marked rel="sponsored" and loses the marker title.
 */
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

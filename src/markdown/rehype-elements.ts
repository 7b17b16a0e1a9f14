// rehype plugin: one walk over the elements that does what three passes did — external links'
// rel (rehype-links.ts), focusable code blocks, Prism highlighting (rehype-prism-plus) — each a
// full visit of the tree with unist-util-visit before. Prism runs on each code block alone.
//
// Code blocks are focusable (tabindex="0"): a long line makes a <pre> scroll sideways on a
// phone, and a keyboard user can only scroll what can take focus (WCAG 2.1.1; axe's
// scrollable-region-focusable). Whether a block overflows depends on the screen, so every
// block gets it, before Prism adds its class (the attributes keep that order).
// Prism knows the common languages (refractor's common set: bash, CSS, JS/TS, JSON, YAML, HTML,
// Markdown, Python, SQL…): loading all 300 takes half a second at every start; others stay plain text.
import type { Element, Root } from 'hast';
import rehypePrism from 'rehype-prism-plus/common';
import { linkMarker, type RehypeLinksOptions } from './rehype-links.ts';

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

// rehype plugin: code blocks are focusable (tabindex="0"). A long line makes a <pre> scroll
// sideways on a phone, and a keyboard user can only scroll what can take focus (WCAG 2.1.1;
// axe's scrollable-region-focusable). Whether a block overflows depends on the screen, so
// every block gets it.
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export default function rehypeFocusableCode() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'pre') node.properties.tabIndex = 0;
    });
  };
}

// Prism highlighting of one Markdown code block, split into `<span class="code-line">` lines:
// the same tree rehype-prism-plus 2.0.2 makes for a block without meta (no line numbers, no
// highlighted lines, not a diff), in one walk. rehype-prism-plus extracts each line with a
// `unist-util-filter` of the whole highlighted tree (lines × nodes): that split cost about as
// much as Prism itself. Blocks with meta or a diff language still go through rehype-prism-plus;
// test/unit/prism-lines.test.ts compares the two.
import type { Element, ElementContent, Root, Text } from 'hast';
import { refractor } from 'refractor';

/** Highlights `code` (a <code> in `pre`) as rehype-prism-plus does with `ignoreMissing`; false when it must be left to rehype-prism-plus. */
export function highlightCodeBlock(pre: Element, code: Element): boolean {
  const meta = (code.data as { meta?: string } | undefined)?.meta || code.properties.metastring || '';
  const classes = code.properties.className;
  const lang = languageOf(Array.isArray(classes) ? classes : typeof classes === 'string' ? [classes] : []);
  if (meta !== '' || (lang !== null && lang.includes('diff'))) return false;
  if (!Array.isArray(classes)) code.properties.className = classes && typeof classes !== 'boolean' ? [classes as string] : [];
  (code.properties.className as (string | number)[]).push('code-highlight');
  let root: Root | Element = code;
  if (lang) {
    try {
      root = refractor.highlight(toString(code), lang) as Root;
      pre.properties.className = ((pre.properties.className as string[] | undefined) || []).concat(`language-${lang}`);
    } catch (error) {
      if (!/Unknown language/.test((error as Error).message)) throw error;
      root = code;
    }
  }
  const lines: ElementContent[][] = [];
  const at = (line: number) => (lines[line - 1] ??= []);
  distribute(root.children as ElementContent[], 1, at);
  // rehype-prism-plus drops a last line with only white space (the newline that ends every block).
  if (lines.length > 0 && lines[lines.length - 1].map((n) => toString(n)).join('').trim() === '') lines.pop();
  code.children = lines.map((children) => ({ type: 'element', tagName: 'span', properties: { className: ['code-line'] }, children }));
  return true;
}

/** The text of a node (hast-util-to-string's reading: every text below it, joined). */
function toString(node: Root | ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map((c) => toString(c as ElementContent)).join('') : '';
}

function languageOf(classes: unknown[]): string | null {
  for (const c of classes) if (String(c).slice(0, 9) === 'language-') return String(c).slice(9).toLowerCase();
  return null;
}

/**
 * Puts `nodes` (starting on `line`) into their lines and returns the line the last one ends on.
 * A text node is split at its newlines (each piece keeps its `\n`; the piece after the last one
 * may be empty and still counts); an element appears, as a shallow copy, on every line from its
 * start to its end that holds one of its pieces (an empty element on its own line).
 */
function distribute(nodes: ElementContent[], line: number, at: (line: number) => ElementContent[]): number {
  for (const node of nodes) {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      for (let i = 0; i < parts.length; i++) {
        at(line + i).push({ type: 'text', value: i === parts.length - 1 ? parts[i] : `${parts[i]}\n` } as Text);
      }
      line += parts.length - 1;
    } else if ('children' in node) {
      const start = line;
      const copies: Element[] = [];
      line = distribute(node.children, line, (l) => {
        const copy = (copies[l - start] ??= { ...node, children: [] });
        return copy.children;
      });
      for (let l = start; l <= line; l++) {
        const copy = copies[l - start] ?? (node.children.length === 0 ? { ...node, children: [] } : undefined);
        if (copy) at(l).push(copy);
      }
    } else {
      at(line).push(node);
    }
  }
  return line;
}

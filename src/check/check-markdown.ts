// Checks on the Markdown sources, with exact positions from the syntax tree: raw HTML (the
// renderer drops it, so it silently disappears from the page) and images without alt text.
// It also marks where each link and image URL is written, so the link check places its findings
// exactly. GFM does not change HTML or image nodes, so it is left out.
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { MarkdownSource } from './markdown-sources.ts';
import type { SourceLocator } from './source-locator.ts';

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  position?: { start: { line: number; column: number } };
}

const parser = unified().use(remarkParse);

/** The Markdown rules' findings in one document; marks where it writes each URL in `locator`. */
export function checkMarkdown(source: MarkdownSource, locator: SourceLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  let tree;
  try {
    tree = parser.parse(source.body);
  } catch {
    return out; // the parser gave up: the build reports a MarkdownError
  }
  visit(tree, (node: MdNode) => {
    const start = node.position?.start;
    const where = { file: source.file, ...(start ? { line: source.bodyLine + start.line - 1, column: start.column } : {}) };
    if (node.type === 'html' && node.value && !/^\s*<!--/.test(node.value)) {
      const snippet = node.value.replace(/\s+/g, ' ').trim();
      out.push(errors.rawHtml(where, `\`${snippet.length > 60 ? `${snippet.slice(0, 57)}...` : snippet}\`.`));
    }
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.url) {
      locator.mark(source.file, node.url, where);
    }
    if (node.type === 'image' && !node.alt?.trim()) out.push(errors.imageWithoutAlt(where, node.url ?? '', source.page));
  });
  return out;
}

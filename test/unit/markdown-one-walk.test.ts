// The Markdown pipeline walks the tree once for links, focusable code blocks and Prism
// (src/markdown/rehype-elements.ts) where it ran three full visits: the HTML is the same as the
// three passes give, for the real posts and for code blocks of every shape (languages known and
// not, diff, line highlights and numbers in the meta, blank and multi-line tokens).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import matter from 'gray-matter';
import type { Element, Root } from 'hast';
import rehypePrism from 'rehype-prism-plus/common';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderMarkdownWithGfm, SANITIZE_SCHEMA } from '../../src/markdown/render-markdown.ts';
import { linkMarker } from '../../src/markdown/rehype-elements.ts';

const site = { siteUrl: 'https://www.example.com' };

// The pipeline as it was: links, focusable code and Prism as three plugins, each a full visit.
const reference = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, SANITIZE_SCHEMA)
  .use(rehypeSlug)
  .use(() => {
    const mark = linkMarker(site);
    return (tree: Root) => visit(tree, 'element', (node: Element) => (node.tagName === 'a' ? mark(node) : undefined));
  })
  .use(() => (tree: Root) => visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'pre') node.properties.tabIndex = 0;
  }))
  .use(rehypePrism, { ignoreMissing: true, defaultLanguage: undefined })
  .use(rehypeStringify);
const before = (markdown: string) => String(reference.processSync(markdown));

describe('links, focusable code and Prism in one walk', () => {
  it('renders the real posts as the three passes did', () => {
    const dir = join(import.meta.dirname, '../../content/blog');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      const body = matter(readFileSync(join(dir, file), 'utf8')).content;
      expect(renderMarkdownWithGfm(body, site), file).toBe(before(body));
    }
  });

  it('renders code blocks of every shape as the three passes did', () => {
    const cases = [
      '```js {1,3-4} showLineNumbers\nconst a = 1;\n/* a\ncomment */\nlet b = `x\ny`;\n\n\n```',
      '```diff\n- old\n+ new\n  same\n```',
      '```diff-js\n-const a = 1;\n+const a = 2;\n```',
      '```nosuchlanguage showLineNumbers=7\nplain <b>text</b>\n```',
      '```\nno language\n\n```',
      '```python\n```',
      '    indented code\n    second line',
      '> ```css\n> a { color: red }\n> ```\n\n- ```yaml\n  a: [1, 2]\n  ```',
      '```js showLineNumbers=false\nx\n```',
      'Text [ext](https://other.org) [own](https://www.example.com/a "affiliate") and `inline` code.\n\n```bash\necho "$HOME" # hi\n```',
    ];
    for (const text of cases) expect(renderMarkdownWithGfm(text, site), text).toBe(before(text));
  });

  it('renders random code blocks as the three passes did', () => {
    const lang = fc.constantFrom('', 'js', 'ts', 'jsx', 'css', 'json', 'yaml', 'bash', 'diff', 'diff-css', 'markdown', 'python', 'sql', 'html', 'unknown');
    const meta = fc.constantFrom('', ' {2}', ' {1-3,5}', ' showLineNumbers', ' showLineNumbers=3 {1}', ' title="x"');
    const line = fc.stringMatching(/^[a-z0-9 +\-*/"'`{}()<>=;:#.,[\]\\]{0,24}$/);
    fc.assert(
      fc.property(lang, meta, fc.array(line, { maxLength: 8 }), (l, m, lines) => {
        const text = `Intro [a](https://x.org).\n\n\`\`\`${l}${l ? m : ''}\n${lines.join('\n')}\n\`\`\`\n`;
        expect(renderMarkdownWithGfm(text, site)).toBe(before(text));
      }),
      { numRuns: 150, seed: 12 },
    );
  });
});

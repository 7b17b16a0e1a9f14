// A code block split into Prism-highlighted lines in one walk (src/markdown/prism-lines.ts) gives
// the tree rehype-prism-plus gives: same HTML for every language we highlight, unknown and
// missing languages, blank and trailing lines, carriage returns and tokens over several lines.
import fc from 'fast-check';
import type { Element, Root } from 'hast';
import rehypePrism from 'rehype-prism-plus/common';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { highlightCodeBlock } from '../../src/markdown/prism-lines.ts';

const toHtml = (tree: Element) => unified().use(rehypeStringify).stringify({ type: 'root', children: [tree] });
const plugin = (rehypePrism as unknown as (o: object) => (tree: Root) => void)({ ignoreMissing: true, defaultLanguage: undefined });

function block(text: string, lang: string): Element {
  const code: Element = { type: 'element', tagName: 'code', properties: lang ? { className: [`language-${lang}`] } : {}, children: [{ type: 'text', value: text }] };
  return { type: 'element', tagName: 'pre', properties: { tabIndex: 0 }, children: [code] };
}

function both(text: string, lang: string): [string, string] {
  const reference = block(text, lang);
  plugin({ type: 'root', children: [reference] });
  const fast = block(text, lang);
  expect(highlightCodeBlock(fast, fast.children[0] as Element)).toBe(true);
  return [toHtml(fast), toHtml(reference)];
}

describe('Prism lines in one walk', () => {
  it('gives rehype-prism-plus’s lines for code blocks of every shape', () => {
    const cases: [string, string][] = [
      ['const a = 1;\n/* a\ncomment\n*/\nlet b = `x\n${a}\ny`;\n\n\n', 'js'],
      ['a { color: red; }\n/* one\n two */\n', 'css'],
      ['echo "$HOME" # hi\ncat <<EOF\nx\nEOF\n', 'bash'],
      ['def f():\n    """doc\n    string"""\n    return 1\n', 'python'],
      ['plain <b>text</b>\n', 'nosuchlanguage'],
      ['no language\n\n', ''],
      ['', 'js'],
      ['\n', 'css'],
      ['a\r\nb\r\n', 'json'],
      ['x', 'JS'],
    ];
    for (const [text, lang] of cases) {
      const [fast, reference] = both(text, lang);
      expect(fast, `${lang}: ${text}`).toBe(reference);
    }
  });

  it('gives rehype-prism-plus’s lines for random code', () => {
    const lang = fc.constantFrom('', 'js', 'ts', 'jsx', 'tsx', 'css', 'json', 'yaml', 'bash', 'markdown', 'python', 'sql', 'html', 'xml', 'c', 'go', 'rust', 'unknown');
    const line = fc.stringMatching(/^[a-z0-9 \t+\-*/"'`{}()<>=;:#.,$[\]\\\r é]{0,30}$/);
    fc.assert(
      fc.property(lang, fc.array(line, { maxLength: 10 }), fc.boolean(), (l, lines, newline) => {
        const [fast, reference] = both(lines.join('\n') + (newline ? '\n' : ''), l);
        expect(fast).toBe(reference);
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it('leaves blocks with meta or a diff language to rehype-prism-plus', () => {
    const withMeta = block('x\n', 'js');
    (withMeta.children[0] as Element).data = { meta: '{1}' } as Element['data'];
    expect(highlightCodeBlock(withMeta, withMeta.children[0] as Element)).toBe(false);
    const diff = block('-a\n+b\n', 'diff-js');
    expect(highlightCodeBlock(diff, diff.children[0] as Element)).toBe(false);
    expect(toHtml(diff)).toBe('<pre tabindex="0"><code class="language-diff-js">-a\n+b\n</code></pre>');
  });
});

import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/render-markdown.ts';

const site = { siteUrl: 'https://www.example.com' };

describe('markdown pipeline', () => {
  it('gives headings ids', () => {
    expect(renderMarkdown('## Caring for Leather', site)).toContain('<h2 id="caring-for-leather">');
  });

  it('drops raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)> world', site);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });

  it('marks external links noopener noreferrer, leaves internal ones alone', () => {
    const html = renderMarkdown('[a](https://other.org/x) [b](/about) [c](https://www.example.com/blog)', site);
    expect(html).toContain('<a href="https://other.org/x" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="/about">b</a>');
    expect(html).toContain('<a href="https://www.example.com/blog">c</a>');
  });

  it('renders affiliate links with rel="sponsored" and drops the marker title', () => {
    const html = renderMarkdown('[cleaner](https://shop.example.org/p "affiliate")', site);
    expect(html).toMatch(/rel="sponsored noopener noreferrer"/);
    expect(html).not.toContain('title="affiliate"');
  });

  it('highlights fenced code with Prism tokens', () => {
    const html = renderMarkdown('```js\nconst seats = 2;\n```', site);
    expect(html).toContain('class="language-js');
    expect(html).toContain('<span class="token keyword">const</span>');
  });

  it('supports GitHub tables', () => {
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |', site)).toContain('<table>');
  });

  it('returns one byte per character when the text allows it, and keeps other text as it is', () => {
    // v8.serialize writes a one-byte string with the tag '"' and a two-byte one with 'c'.
    const representation = (text: string) => String.fromCharCode(serialize(text)[2]);
    const ascii = renderMarkdown('## Seats\n\nPlain *text* with a [link](/about).\n\n```js\nconst a = `b`;\n```\n', site);
    expect(representation(ascii)).toBe('"');
    const latin1 = renderMarkdown('Café, señor.', site);
    expect(latin1).toBe('<p>Café, señor.</p>');
    expect(representation(latin1)).toBe('"');
    const wide = renderMarkdown('“Quoted” — 🪡 and café', site);
    expect(wide).toBe('<p>“Quoted” — 🪡 and café</p>');
  });
});

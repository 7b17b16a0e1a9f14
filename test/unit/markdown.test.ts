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
});

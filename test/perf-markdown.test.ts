// The Markdown fast path (no remark-gfm for documents that cannot contain GFM syntax) gives
// exactly the output of the full pipeline.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { mayContainGfm, renderMarkdown, renderMarkdownWithGfm } from '../src/markdown/render-markdown.ts';
import { ROOT } from './helpers/build-site.ts';
import { syntheticPost } from './perf-project.ts';

const site = { siteUrl: 'https://sandia.example' };

const GFM = [
  'Mail us at shop@example.com today.',
  'Visit www.example.com for more.',
  'See https://example.com/a?b=c.',
  'See HTTP://EXAMPLE.COM now.',
  'Write to &#64;shop or shop&#x40;example.com',
  'Escaped www\\.example.com and shop\\@example.com',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  'a | b\n-- | --\n1 | 2',
  '~~gone~~ and ~single~',
  'Text[^1].\n\n[^1]: The note.',
  '- [ ] todo\n- [x] done\n- [X] also',
  '* [\t] tab task',
  'mailto:shop@example.com and xmpp:shop@example.com',
];

const PLAIN = [
  '# Title\n\nPlain *words* and **strong** words with a [link](/about "title").',
  '```js\nconst a = 1;\n```\n\n    indented code\n\n> quote\n\n1. one\n2. two',
  'Hard  \nbreak and `code` and ![img](/images/a.jpg) and <b>html</b>.',
  'A [reference][r].\n\n[r]: /contact',
  'Line with [brackets] and [x-ray] and [ ]not a task.',
];

describe('the GFM fast path', () => {
  it('sees every GFM construct', () => {
    for (const text of GFM) expect(mayContainGfm(text), text).toBe(true);
  });

  it('gives the full pipeline\'s output for GFM and plain documents', () => {
    for (const text of [...GFM, ...PLAIN]) expect(renderMarkdown(text, site), text).toBe(renderMarkdownWithGfm(text, site));
  });

  it('gives the full pipeline\'s output for every post and page of the real content and synthetic posts', () => {
    const dirs = ['content/blog', 'content/pages'].map((d) => join(ROOT, d));
    let fast = 0;
    const bodies = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => matter(readFileSync(join(dir, f), 'utf8')).content));
    for (let i = 0; i < 20; i++) bodies.push(matter(syntheticPost(i)).content);
    for (const body of bodies) {
      if (!mayContainGfm(body)) fast++;
      expect(renderMarkdown(body, site)).toBe(renderMarkdownWithGfm(body, site));
    }
    expect(fast).toBeGreaterThan(0);
  });
});

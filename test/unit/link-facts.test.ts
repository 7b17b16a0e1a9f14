// The link tag scan (src/check/link-facts.ts) on text the real templates do not produce: it must
// read the tags it can and go on, in time linear in the page, whatever it meets.
import { describe, expect, it } from 'vitest';
import { linkFacts } from '../../src/check/link-facts.ts';

describe('linkFacts', () => {
  it('reads the tags before one that never ends (a truncated page) and stops there', () => {
    // A regular expression for "attributes up to >" backtracked exponentially on this.
    const html = `<a href="/x" id="i">x</a><a ${'title=t '.repeat(30)}`;
    expect(linkFacts(html)).toEqual({ ids: ['i'], links: ['/x'], resources: [] });
  });

  it('skips a quote that is never closed and reads the tags after it', () => {
    const html = `<p>it's <a href="/y">y</a> and <img src="/a.jpg" srcset="/a-1.jpg 1x, /a-2.jpg 2x"></p><a title="open`;
    expect(linkFacts(html)).toEqual({ ids: [], links: ['/y'], resources: [{ url: '/a.jpg', kind: 'image' }, { url: '/a-1.jpg', kind: 'image' }, { url: '/a-2.jpg', kind: 'image' }] });
  });

  it('gives the same facts when the same tags come again (tags read before are remembered)', () => {
    const page = '<link rel="stylesheet" href="/s.css"><a href="/a" name="n">a</a><div id="d" style="background:url(/b.png)"></div>';
    expect(linkFacts(page)).toEqual(linkFacts(page));
    expect(linkFacts(page + page).links).toEqual(['/a', '/a']);
  });
});

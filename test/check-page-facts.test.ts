// What the checks read from a rendered page (linkedom), on hand-written HTML: the parts the
// real templates do not exercise, such as an <img> with no alt attribute at all.
import { describe, expect, it } from 'vitest';
import { pageFacts } from '../src/check/page-facts.ts';
import { tagKey } from '../src/check/check-tags.ts';
import { ansiToHtml } from '../src/dev/overlay.ts';
import type { PageRoute } from '../src/routes/types.ts';

const route: PageRoute = {
  type: 'page', path: '/x', output: 'x/index.html', kind: 'about', template: 'about', props: {},
  head: { title: 'X', description: 'Y', image: '', ogType: 'website', jsonLd: [], noindex: false },
};

const html = `<!doctype html><html><head><title> A title </title>
<meta name="description" content="A description">
<link rel="stylesheet" href="/assets/site.css"><link rel="canonical" href="https://example.com/x">
<link rel="icon" href="/favicon.svg"><script type="module" src="/assets/a.js"></script>
<meta property="og:image" content="https://example.com/images/og.jpg">
</head><body>
<h2 id="one">One</h2><a name="two"></a>
<a href="/about">About</a><a href="#one">One</a>
<img src="/images/no-alt.jpg"><img src="/images/decor.jpg" alt="">
<img src="/images/a.jpg" srcset="/images/a-640.jpg 640w, /images/a-1280.jpg 1280w" alt="A">
<picture><source type="image/avif" srcSet="/assets/img/b-400.avif 400w, /assets/img/b-800.avif 800w"><img src="/assets/img/b-800.jpg" srcSet="/assets/img/b-400.jpg 400w" alt="B"></picture>
<video poster="/images/poster.jpg"><source src="/videos/clip.mp4" type="video/mp4"></video>
<div style="background-image: url('/images/bg.jpg')"></div>
</body></html>`;

describe('pageFacts', () => {
  const facts = pageFacts(route, html);

  it('collects ids and named anchors', () => {
    expect([...facts.ids].sort()).toEqual(['one', 'two']);
  });

  it('collects links and every referenced file, not the canonical URL', () => {
    expect(facts.links).toEqual(['/about', '#one']);
    const urls = facts.resources.map((r) => `${r.kind} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining([
      'stylesheet /assets/site.css', 'file /favicon.svg', 'script /assets/a.js', 'image https://example.com/images/og.jpg',
      'image /images/no-alt.jpg', 'image /images/a-640.jpg', 'image /images/a-1280.jpg', 'image /images/poster.jpg',
      'video /videos/clip.mp4', 'image /images/bg.jpg',
      // React writes srcSet: the variants of a <picture> are checked too.
      'image /assets/img/b-400.avif', 'image /assets/img/b-800.avif', 'image /assets/img/b-400.jpg',
    ]));
    expect(urls.some((u) => u.includes('canonical') || u.endsWith('/x'))).toBe(false);
  });

  it('finds images with no alt attribute (alt="" is decoration, not a problem)', () => {
    expect(facts.imagesWithoutAlt).toEqual(['/images/no-alt.jpg']);
  });

  it('reads the title and description', () => {
    expect(facts.title).toBe('A title');
    expect(facts.description).toBe('A description');
  });
});

describe('tag spelling key', () => {
  it('ignores case, spaces, underscores and hyphens', () => {
    expect(new Set(['car-interior', 'Car Interior', 'car interior', 'car_interior', 'CarInterior'].map(tagKey)).size).toBe(1);
    expect(tagKey('leather')).not.toBe(tagKey('leather-repair'));
  });
});

describe('overlay colours', () => {
  it('turns the terminal colours of the formatter into escaped HTML', () => {
    expect(ansiToHtml('\x1b[31merror\x1b[39m <b> & \x1b[2mdim\x1b[22m')).toBe('<span style="color:#ff6b6b">error</span> &lt;b&gt; &amp; <span style="opacity:.65">dim</span>');
  });
});

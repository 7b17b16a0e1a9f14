// The islands' pure rules and server HTML, without a browser: pagination numbers, topic
// labels, search matching, the quote payload's domain, not-found messages and redirects,
// the blog's developer notice, and the head script's syntax.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import BlogListing, { matches, pageItems } from '../templates/islands/blog-listing.tsx';
import { tagLabel } from '../templates/components/Badge.tsx';
import NotFound, { notFoundMessage, prefixTarget } from '../templates/islands/not-found.tsx';
import QuoteDialog from '../templates/islands/quote-dialog.tsx';
import QuoteFormIsland, { siteDomain } from '../templates/islands/quote-form.tsx';
import RebuildTrigger from '../templates/islands/rebuild-trigger.tsx';
import HeroVideo from '../templates/islands/hero-video.tsx';
import { headScript } from '../templates/scripts/head-script.ts';
import type { PostSummary } from '../src/routes/route-table.ts';

const post = (over: Partial<PostSummary>): PostSummary => ({
  id: 'p', slug: 'p', title: 'Title', description: 'Description', date: '2025-01-01', dateLabel: 'January 1, 2025',
  author: 'Team', tags: [], readingTime: 5, ...over,
});

describe('blog listing rules', () => {
  test('page numbers: first, last, current and neighbours, 0 for each gap', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 5)).toEqual([1, 2, 0, 5]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(5, 10)).toEqual([1, 0, 4, 5, 6, 0, 10]);
    expect(pageItems(10, 10)).toEqual([1, 0, 9, 10]);
  });

  test('topic labels capitalise each hyphen-separated word', () => {
    expect(tagLabel('car-interior')).toBe('Car Interior');
    expect(tagLabel('diy')).toBe('Diy');
    expect(tagLabel('choosing-a-shop')).toBe('Choosing A Shop');
    expect(tagLabel('diy', { diy: 'DIY' })).toBe('DIY');
    expect(tagLabel('constructor', {})).toBe('Constructor');
  });

  test('search is case-insensitive over title, description and tags; the tag must match exactly; both AND', () => {
    const p = post({ title: 'Leather Seats', description: 'How to care', tags: ['car-interior', 'maintenance'] });
    expect(matches(p, 'leather', null)).toBe(true);
    expect(matches(p, 'CARE', null)).toBe(true);
    expect(matches(p, 'interior', null)).toBe(true);
    expect(matches(p, 'boat', null)).toBe(false);
    expect(matches(p, '   ', null)).toBe(true);
    expect(matches(p, '', 'maintenance')).toBe(true);
    expect(matches(p, '', 'Maintenance')).toBe(false);
    expect(matches(p, '', 'car')).toBe(false);
    expect(matches(p, 'leather', 'maintenance')).toBe(true);
    expect(matches(p, 'boat', 'maintenance')).toBe(false);
  });

  test('no posts at all: a developer-style notice instead of the listing', () => {
    const html = renderToString(createElement(BlogListing, { posts: [], tags: [] }));
    expect(html).toContain('No blog posts found.');
    expect(html).toContain('content/blog/');
    expect(html).not.toContain('Featured Article');
  });

  test('server HTML: featured article, six cards, filters disabled until hydrated', () => {
    const posts = Array.from({ length: 8 }, (_, i) => post({ slug: `p${i}`, id: `p${i}`, title: `Post ${i}`, tags: ['a-b'] }));
    const html = renderToString(createElement(BlogListing, { posts, tags: ['a-b'] }));
    expect(html).toContain('Featured Article');
    expect(html.match(/Continue Reading →/g)).toHaveLength(6);
    expect(html).toContain('placeholder="Search articles by keyword or topic..."');
    expect(html).toMatch(/<input[^>]*disabled/);
  });
});

describe('quote form', () => {
  test("domain: the site's host, protocol, leading www and trailing slash removed", () => {
    expect(siteDomain('https://www.sandiaupholstery.com')).toBe('sandiaupholstery.com');
    expect(siteDomain('https://www.sandiaupholstery.com/')).toBe('sandiaupholstery.com');
    expect(siteDomain('http://localhost:4321')).toBe('localhost:4321');
    expect(siteDomain('https://shop.example.com')).toBe('shop.example.com');
  });

  test('server HTML works without JavaScript: fields disabled, a note with phone and e-mail, consent links', () => {
    const html = renderToString(createElement(QuoteFormIsland, { endpoint: '', apiKey: '', phone: '(505) 555-0147', email: 'quotes@example.com' }));
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(html).toContain('<noscript>');
    expect(html).toContain('href="tel:+15055550147"');
    expect(html).toMatch(/<fieldset[^>]*><legend class="visually-hidden">Quote request<\/legend>/);
    expect(html).toContain('href="mailto:quotes@example.com"');
    expect(html).toContain('href="/privacy"');
    expect(html).toContain('href="/terms"');
    expect(html).toContain('Please agree to the terms and conditions to continue.');
    expect(html).toMatch(/<button type="submit"[^>]*disabled[^>]*>Request Free Quote<\/button>/);
  });

  test('the dialog trigger is a link to /contact in server HTML', () => {
    const html = renderToString(createElement(QuoteDialog, { endpoint: '', apiKey: '', label: 'Request a Quote' }));
    expect(html).toBe('<a class="btn btn-primary quote-trigger" href="/contact">Request a Quote</a>');
  });
});

describe('not-found page', () => {
  test('messages by path pattern', () => {
    expect(notFoundMessage('/services/x')).toBe('Category not found');
    expect(notFoundMessage('/services/automotive-upholstery/x')).toBe('Service not found');
    expect(notFoundMessage('/detailing-services/x')).toBe('Service not found');
    expect(notFoundMessage('/locations/x')).toBe('Location not found');
    expect(notFoundMessage('/blog/x')).toBe('Article not found.');
    expect(notFoundMessage('/blog/x/y')).toBeUndefined();
    expect(notFoundMessage('/nothing')).toBeUndefined();
  });

  test('prefix redirects: the base itself and paths under it, longest base first', () => {
    const rules = [{ base: '/old', to: '/a' }, { base: '/old/deeper', to: '/b' }];
    expect(prefixTarget('/old', rules)).toBe('/a');
    expect(prefixTarget('/old/x', rules)).toBe('/a');
    expect(prefixTarget('/old/deeper/x', rules)).toBe('/b');
    expect(prefixTarget('/older', rules)).toBeUndefined();
  });

  test('server HTML has a general message (the path is only known in the browser)', () => {
    expect(renderToString(createElement(NotFound, { prefixRedirects: [] }))).toContain("couldn&#x27;t find the page");
  });
});

test('rebuild: the button is disabled until hydrated, with a note for browsers without JavaScript', () => {
  const html = renderToString(createElement(RebuildTrigger, { hookUrl: '' }));
  expect(html).toMatch(/<button[^>]*disabled[^>]*>Trigger Site Rebuild<\/button>/);
  expect(html).toContain('<noscript>');
});

test('hero video: server HTML is the poster only', () => {
  const html = renderToString(createElement(HeroVideo, { videos: ['/a.mp4', '/b.mp4'], poster: '/p.jpg', label: 'x' }));
  expect(html).toContain('poster="/p.jpg"');
  expect(html).not.toContain('src=');
  expect(html).toContain('aria-hidden="true"');
});

test('the head script is small, valid JavaScript with no closing script tag', () => {
  expect(() => new Function(headScript)).not.toThrow();
  expect(headScript).not.toMatch(/<\/script/i);
  expect(headScript.length).toBeLessThan(6000);
});

// Page titles: a post whose headline is too long for search results gives its <title> in the
// optional `metaTitle` field; the headline stays the page's h1, breadcrumb and card title.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, contentTree, ROOT } from './helpers/build-site.ts';

const HEADLINE = 'A Very Long Headline About Leather Seats That Search Results Would Cut Off';

describe('metaTitle of a blog post', () => {
  it('is the page title; the headline stays the h1 and the listing card', async () => {
    const first = readFileSync(join(ROOT, 'test/fixtures/mini/blog/first-post.md'), 'utf8')
      .replace(/^title: .*$/m, `title: ${HEADLINE}\nmetaTitle: Leather Seat Care in the Desert`);
    const site = await buildSite(contentTree({ 'blog/first-post.md': first }, 'test/fixtures/mini'));
    expect(site.ok).toBe(true);
    const doc = site.doc('/blog/first-post');
    expect(doc.title).toBe('Leather Seat Care in the Desert | Mini Upholstery');
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(doc.title);
    expect(doc.querySelector('h1')?.textContent).toBe(HEADLINE);
    expect(site.html('/blog')).toContain(HEADLINE);
    // The listing's data carries no metaTitle: it is the page's business only.
    expect(site.html('/blog')).not.toContain('metaTitle');
  });
});

// Widgets' server markup on the built pages (issue 5): the quote form's no-JavaScript note gives
// the business phone and e-mail, the 404 page's form hydrates when idle, and the markup
// html-validate flagged (fieldset without legend, role="region" on a div, aria-labelledby on a
// list) stays fixed. Built from the real content into memory, read with linkedom.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentGraph } from '../src/content/types.ts';
import { buildSite, type SiteBuild } from './helpers/build-site.ts';

let site: SiteBuild;
let graph: ContentGraph;

beforeAll(async () => {
  site = await buildSite();
  if (!site.ok) throw new Error(`build failed:\n${site.state.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.message}`).join('\n')}`);
  graph = site.state.graph!;
});

/** Text with non-breaking spaces and hyphens read as plain ones. */
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\u2011/g, '-').replace(/[\s\u00a0]+/g, ' ').trim();
const props = (island: Element | null) => JSON.parse(island!.querySelector('script[data-island-props]')!.textContent!);

describe('quote form without JavaScript', () => {
  for (const [page, island] of [['/contact', 'contact-quote'], ['404.html', 'quote-form']]) {
    it(`shows the business phone and e-mail in the note on ${page}`, () => {
      const root = site.doc(page).querySelector(`[data-island="${island}"] [data-island-root]`)!;
      const note = root.querySelector('form noscript .qf-noscript');
      expect(text(note)).toBe(`This form needs JavaScript. Please call us at ${graph.site.phone} or e-mail ${graph.site.email} for your free quote.`);
      expect(note!.querySelector('a[href^="tel:"]')!.getAttribute('href')).toBe(`tel:+1${graph.site.phone.replace(/\D/g, '')}`);
      expect(note!.querySelector('a[href^="mailto:"]')!.getAttribute('href')).toBe(`mailto:${graph.site.email}`);
    });
  }

  it("passes the phone and e-mail to the home hero's quote dialog", () => {
    const island = site.doc('/').querySelector('.home-hero [data-island="quote-dialog"]');
    expect(props(island)).toMatchObject({ phone: graph.site.phone, email: graph.site.email, label: 'Request a Quote' });
  });

  it('groups the fields in a fieldset with a legend, disabled until hydrated', () => {
    for (const page of ['/contact', '404.html']) {
      const fieldset = site.doc(page).querySelector('form.quote-form fieldset')!;
      expect(fieldset.hasAttribute('disabled'), page).toBe(true);
      expect(fieldset.firstElementChild?.tagName, page).toBe('LEGEND');
      expect(text(fieldset.firstElementChild), page).toBe('Quote request');
    }
  });

  it('gives the fields ids that begin with a letter', () => {
    const ids = [...site.doc('/contact').querySelectorAll('form.quote-form [id]')].map((e) => e.id);
    expect(ids.length).toBeGreaterThan(4);
    for (const id of ids) expect(id).toMatch(/^[a-z]/i);
  });
});

describe('not-found page', () => {
  it('hydrates its quote form when the browser is idle, not at once', () => {
    const island = site.doc('404.html').querySelector('[data-island="quote-form"]')!;
    expect(island.getAttribute('data-hydrate')).toBe('idle');
    expect(props(island)).toMatchObject({ phone: graph.site.phone, email: graph.site.email, idPrefix: 'nf-quote' });
  });
});

describe('testimonials carousel', () => {
  it('is a section named by its label, not a div with role="region"', () => {
    const root = site.doc('/').querySelector('[data-island="testimonials"] [data-island-root]')!;
    const carousel = root.firstElementChild!;
    expect(carousel.tagName).toBe('SECTION');
    expect(carousel.getAttribute('aria-label')).toBe('Customer testimonials');
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(root.querySelector('[role="region"]')).toBeNull();
  });
});

describe('blog listing', () => {
  it("names the topic filters by 'Filter by topic:' on a group, not on the list", () => {
    const d = site.doc('/blog');
    const list = d.querySelector('.blog-topic-list')!;
    expect(list.hasAttribute('aria-labelledby')).toBe(false);
    const group = list.closest('[role="group"]')!;
    expect(text(d.getElementById(group.getAttribute('aria-labelledby')!))).toBe('Filter by topic:');
  });
});

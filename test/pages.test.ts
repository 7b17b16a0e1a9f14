// Pages: every route kind of the spec, built from the real content into memory, has the
// sections, headings, texts, links and counts the spec requires; no internal link is broken.
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { postBody } from '../src/content/post-bodies.ts';
import type { ContentGraph } from '../src/content/types.ts';
import type { LayoutData } from '../src/routes/layout-data.ts';
import { srcsetForSlot } from '../src/images/slot-width.ts';
import { buildSite, type SiteBuild } from './helpers/build-site.ts';

let site: SiteBuild;
let graph: ContentGraph;
let layout: LayoutData;
/** Output files of every page (redirect stubs excluded). */
let pages: string[];

beforeAll(async () => {
  site = await buildSite();
  if (!site.ok) throw new Error(`build failed:\n${site.state.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.message}`).join('\n')}`);
  graph = site.state.graph!;
  layout = site.state.layout!;
  pages = [...site.state.pages.keys()].sort();
});

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const all = (d: Document | Element, sel: string) => [...d.querySelectorAll(sel)];
const texts = (d: Document | Element, sel: string) => all(d, sel).map(text);
const hrefs = (d: Document | Element, sel: string) => all(d, sel).map((a) => a.getAttribute('href'));
/** The link whose visible text starts with `label`. */
const link = (d: Document | Element, label: string) => all(d, 'a').find((a) => text(a).startsWith(label));
const pageText = (d: Document) => text(d.querySelector('main'));
/** An attribute by its name in any case (React writes srcSet, fetchPriority; linkedom keeps the case). */
const attr = (el: Element | null | undefined, name: string) => (el ? [...el.attributes].find((a) => a.name.toLowerCase() === name)?.value ?? null : null);
/**
 * Asserts that `img` shows the photo `src` through its responsive variants: a <picture> with
 * the AVIF and WebP srcsets and `sizes`, the JPEG fallback with its srcset, the intrinsic size
 * and the placeholder behind it. Returns the <picture>.
 */
function expectPicture(img: Element | null | undefined, src: string, sizes?: string): Element {
  const entry = layout.images[src];
  expect(entry, `${src} has variants`).toBeDefined();
  expect(img, src).toBeTruthy();
  const picture = img!.parentElement!;
  expect(picture.tagName.toLowerCase()).toBe('picture');
  const sources = all(picture, 'source');
  // Each srcset lists the widths its slot can pick (src/images/slot-width.ts).
  expect(sources.map((s) => [s.getAttribute('type'), attr(s, 'srcset')])).toEqual(entry.sources.map((s) => [s.type, srcsetForSlot(s.srcset, attr(img, 'sizes') ?? undefined)]));
  expect(img!.getAttribute('src')).toBe(entry.fallback.src);
  expect(attr(img, 'srcset')).toBe(`${entry.fallback.src} ${entry.fallback.width}w`);
  expect(img!.getAttribute('width')).toBe(String(entry.width));
  expect(img!.getAttribute('height')).toBe(String(entry.height));
  const slot = attr(img, 'sizes');
  expect(slot).toBeTruthy();
  if (sizes) expect(slot).toBe(sizes);
  for (const source of sources) expect(attr(source, 'sizes')).toBe(slot);
  expect(picture.parentElement!.getAttribute('style')).toContain(entry.placeholder);
  return picture;
}
/** The photo each image shows: the original of a plain <img>, else the manifest entry its fallback belongs to. */
const photoOf = (img: Element) => Object.entries(layout.images).find(([, e]) => e.fallback.src === img.getAttribute('src'))?.[0] ?? img.getAttribute('src');
/** Asserts that `needles` occur in `haystack` in this order. */
function inOrder(haystack: string, needles: string[]) {
  let at = -1;
  for (const n of needles) {
    const i = haystack.indexOf(n, at + 1);
    expect(i, `"${n}" after position ${at}`).toBeGreaterThan(at);
    at = i;
  }
}

describe('every page', () => {
  it('has one h1, a skip link to the main landmark, labelled landmarks and unique ids', () => {
    for (const file of pages) {
      const d = site.doc(file);
      expect(all(d, 'h1'), file).toHaveLength(1);
      expect(d.querySelector('a.skip-link')?.getAttribute('href'), file).toBe('#main');
      expect(d.querySelector('main#main'), file).not.toBeNull();
      expect(d.querySelectorAll('header.site-header'), file).toHaveLength(1);
      expect(d.querySelectorAll('footer.site-footer'), file).toHaveLength(1);
      for (const nav of all(d, 'nav')) expect(nav.getAttribute('aria-label') ?? nav.getAttribute('aria-labelledby'), `${file} nav`).toBeTruthy();
      const ids = all(d, '[id]').map((e) => e.id);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), file).toEqual([]);
    }
  });

  it('has the header navigation of the spec', () => {
    for (const file of pages) {
      const d = site.doc(file);
      const nav = d.querySelector('nav[aria-label="Main"]')!;
      expect(nav, file).not.toBeNull();
      const links = all(nav, 'a').map((a) => [text(a), a.getAttribute('href')]);
      expect(links.slice(0, 3)).toEqual([['Home', '/'], ['About', '/about'], ['Gallery', '/gallery']]);
      expect(text(nav.querySelector('.nav-dropdown > button'))).toBe('Services');
      expect(hrefs(nav, '.nav-submenu a')).toEqual([...layout.categories.map((c) => c.href), '/detailing-services']);
      expect(links.at(-1)).toEqual(['Contact', '/contact']);
      const header = d.querySelector('header.site-header')!;
      expect(header.querySelector(`a[href^="tel:"]`), file).not.toBeNull();
      expect(link(header, 'Get a Quote')?.getAttribute('href')).toBe('/contact');
      // Mobile menu: works without JS through :target.
      expect(header.querySelector('a.menu-toggle')?.getAttribute('href')).toBe('#mobile-menu');
      expect(d.querySelector('#mobile-menu.mobile-menu a.menu-close')?.getAttribute('href')).toBe('#');
      expect(hrefs(d.querySelector('#mobile-menu')!, 'nav > ul a')).toEqual(['/', '/about', '/gallery', ...layout.categories.map((c) => c.href), '/detailing-services', '/contact']);
    }
  });

  it('is solid-headed on blog pages and transparent over a hero elsewhere', () => {
    for (const file of pages) {
      const solid = site.doc(file).querySelector('header.site-header')!.getAttribute('data-solid');
      expect(solid, file).toBe(file.startsWith('blog/') ? 'true' : 'false');
    }
  });

  it('has the footer sections, legal links, copyright with the year and the floating actions', () => {
    const year = layout.year;
    expect(year).toBe(2026);
    for (const file of pages) {
      const d = site.doc(file);
      const footer = d.querySelector('footer.site-footer')!;
      expect(texts(footer, 'h2'), file).toEqual(['Services', 'Quick Links', 'Contact Us']);
      expect(hrefs(footer, 'a')).toEqual(expect.arrayContaining(['/privacy', '/terms', ...layout.categories.map((c) => c.href), '/detailing-services']));
      expect(text(footer)).toContain(`© ${year} ${graph.site.name}`);
      expect(hrefs(d, '.floating-actions a')).toEqual(['/contact', `tel:+1${graph.site.phone.replace(/\D/g, '')}`]);
    }
  });

  it('sizes every image, gives it alt text and lazy-loads all but the first screen', () => {
    for (const file of pages) {
      for (const img of all(site.doc(file), 'main img')) {
        expect(img.getAttribute('width'), `${file} ${img.getAttribute('src')}`).toMatch(/^\d+$/);
        expect(img.getAttribute('height'), `${file} ${img.getAttribute('src')}`).toMatch(/^\d+$/);
        expect(img.hasAttribute('alt'), `${file} ${img.getAttribute('src')}`).toBe(true);
        expect(['lazy', 'eager']).toContain(img.getAttribute('loading'));
        // Content photos come through their variants, never as the original file.
        expect(img.getAttribute('src'), file).not.toMatch(/^\/images\/.*\.jpe?g$/);
      }
    }
  });

  it('preloads each priority image once, as the candidate its <picture> will pick', () => {
    for (const file of pages) {
      const html = site.html(file);
      // React adds no preloads of its own (eager images sit in a <picture>).
      expect(html.match(/<link rel="preload" as="image"[^>]*\/>/g), file).toBeNull();
      const hrefs = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(hrefs).size, file).toBe(hrefs.length);
      const d = site.doc(file);
      for (const link of all(d, 'link[rel="preload"][as="image"]')) {
        const img = all(d, 'main img').find((i) => i.getAttribute('src') === link.getAttribute('href'));
        expect(attr(img, 'fetchpriority'), `${file} ${link.getAttribute('href')}`).toBe('high');
        const source = img!.parentElement!.querySelector('source');
        expect(link.getAttribute('imagesrcset')).toBe(attr(source, 'srcset'));
        // The same slot as the picture's: a preload for another width would be fetched for nothing.
        expect(link.getAttribute('imagesizes'), `${file} ${link.getAttribute('href')}`).toBe(attr(source, 'sizes'));
      }
    }
  });

  it('nests no interactive element in another and no block in a paragraph', () => {
    for (const file of pages) {
      const d = site.doc(file);
      expect(all(d, 'a a, a button, button a, button button, a input, a details, summary a'), file).toHaveLength(0);
      expect(all(d, 'p div, p p, p ul, p ol, p h2, p h3, p section'), file).toHaveLength(0);
    }
  });

  it('loads no third-party script, font or stylesheet', () => {
    for (const file of pages) {
      const d = site.doc(file);
      for (const el of all(d, 'script[src], link[href]')) {
        const url = el.getAttribute('src') ?? el.getAttribute('href')!;
        if (el.getAttribute('rel') === 'canonical') continue;
        expect(url.startsWith('/'), `${file} ${url}`).toBe(true);
      }
      for (const frame of all(d, 'iframe')) {
        expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[-\d.%C]+&layer=mapnik&marker=[-\d.]+%2C[-\d.]+$/);
        expect(frame.getAttribute('loading')).toBe('lazy');
        expect(frame.getAttribute('title')).toBeTruthy();
      }
    }
  });

  it('links only to pages and files that exist', () => {
    const exists = (path: string) => {
      if (path === '/') return site.writer.has('index.html');
      const rel = decodeURIComponent(path.slice(1)).replace(/\/$/, '');
      return site.writer.has(`${rel}/index.html`) || site.writer.has(rel);
    };
    const broken: string[] = [];
    for (const file of site.writer.files.keys()) {
      if (!file.endsWith('.html')) continue;
      const d = site.doc(file);
      for (const el of all(d, '[href], [src]')) {
        const url = el.getAttribute('href') ?? el.getAttribute('src')!;
        if (!url.startsWith('/') || url.startsWith('//')) continue;
        const path = url.replace(/[?#].*$/, '');
        if (!exists(path)) broken.push(`${file} → ${url}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never links to the service pages the spec does not show', () => {
    for (const file of pages) {
      const targets = hrefs(site.doc(file), 'a');
      expect(targets).not.toContain('/services/upholstery-installation');
      expect(targets).not.toContain('/services/upholstery-repair');
    }
  });

  it('keeps the stylesheet within 25 KB gzip and self-hosts the fonts', () => {
    const href = site.doc('/').querySelector('link[rel="stylesheet"]')!.getAttribute('href')!;
    const css = site.writer.text(href.slice(1))!;
    expect(gzipSync(css).length).toBeLessThanOrEqual(25 * 1024);
    expect(css).not.toMatch(/@import\s+url\(\s*['"]?https?:/);
    const fonts = [...css.matchAll(/url\(["']?([^"')]+\.woff2)["']?\)/g)].map((m) => m[1]);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) expect(site.writer.has(f.slice(1)), f).toBe(true);
  });
});

describe('breadcrumbs', () => {
  it('are navigation with an ordered list, the current page last, mirrored in BreadcrumbList JSON-LD', () => {
    const cases: [string, string[]][] = [
      ['/detailing-services', ['Home', 'Detailing Services']],
      ['/blog', ['Home', 'Blog']],
      ['/services/furniture-upholstery', ['Home', 'Furniture Upholstery']],
      ['/services/furniture-upholstery/sofa-reupholstery', ['Home', 'Furniture Upholstery', 'Sofa Reupholstery']],
      ['/locations/albuquerque', ['Home', 'Locations', 'Albuquerque']],
    ];
    for (const [path, names] of cases) {
      const d = site.doc(path);
      const nav = d.querySelector('nav[aria-label="Breadcrumb"]')!;
      expect(nav, path).not.toBeNull();
      expect(texts(nav, 'ol > li'), path).toEqual(names);
      expect(nav.querySelector('li:last-child [aria-current="page"]'), path).not.toBeNull();
      const ld = all(d, 'script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent!)).find((j) => j['@type'] === 'BreadcrumbList');
      expect(ld.itemListElement.map((i: { name: string }) => i.name), path).toEqual(names);
    }
  });
});

describe('home', () => {
  it('has the hero with its videos, poster, quote dialog and gallery link', () => {
    const d = site.doc('/');
    expect(text(d.querySelector('h1'))).toBe(graph.home.hero.title);
    expect(pageText(d)).toContain(graph.home.hero.subtitle);
    const video = d.querySelector('.home-hero [data-island="hero-video"]');
    expect(video).not.toBeNull();
    const videoProps = JSON.parse(video!.querySelector('script[data-island-props]')!.textContent!);
    expect(videoProps.videos).toEqual(graph.home.hero.videos);
    // The poster photo is the <picture> under the video; the video's own poster is the variant a
    // phone's picture loads (no second, early download of the 1920 px original).
    expect(layout.images[graph.home.hero.poster].sources[0].srcset).toContain(`${videoProps.poster} 800w`);
    const poster = d.querySelector('.home-hero .hero-poster img');
    expectPicture(poster, graph.home.hero.poster, '100vw');
    expect(attr(poster, 'fetchpriority')).toBe('high');
    expect(poster!.getAttribute('loading')).toBe('eager');
    expect(all(d, 'link[rel="preload"][as="image"]').map((l) => l.getAttribute('href'))).toEqual([layout.images[graph.home.hero.poster].fallback.src]);
    const dialog = d.querySelector('.home-hero [data-island="quote-dialog"]');
    expect(text(dialog)).toContain('Request a Quote');
    expect(link(d.querySelector('.home-hero')!, 'View Gallery')?.getAttribute('href')).toBe('/gallery');
  });

  it('has the sections in the spec order with 5 service cards and 6 recent works', () => {
    const d = site.doc('/');
    const services = all(d, '#services .services-grid > li');
    expect(services).toHaveLength(5);
    expect(services.map((li) => li.querySelector('h3 a')!.getAttribute('href'))).toEqual(graph.home.serviceCards.map((c) => `/services/${c.category}`));
    expect(services.every((li) => li.querySelector('img'))).toBe(true);
    expect(text(d.querySelector('#recent-work h2'))).toBe('Recent Work');
    const works = hrefs(d, '#recent-work .work-grid h3 a');
    expect(works).toEqual(graph.home.recentWork.map((id) => `/services/${graph.services.get(id)!.categoryId}/${id}`));
    expect(d.querySelector('#testimonials [data-island="testimonials"]')).not.toBeNull();
    expect(texts(d, '#why-choose-us h3')).toEqual(['Expert Craftsmen', 'Premium Materials', 'Custom Solutions', 'Exceptional Service']);
    expect(hrefs(d, '.craft a')).toContain('/about');
    const cta = d.querySelector('.cta-band')!;
    expect(text(cta.querySelector('h2'))).toBe(graph.home.cta.title);
    expect(hrefs(cta, 'a')).toEqual(['/contact', expect.stringMatching(/^tel:/)]);
    inOrder(text(d.querySelector('main')), ['Recent Work', 'What Our Customers Say', 'Why Choose Us', graph.home.craftsmanship.title, graph.home.cta.title]);
    const ids = all(d, 'main > *').map((e) => e.id || e.className.split(' ')[0]);
    expect(ids).toEqual(['home-hero', 'services', 'recent-work', 'testimonials', 'why-choose-us', 'section', 'cta-band']);
  });
});

describe('about', () => {
  it('has the story, three values and five reasons', () => {
    const d = site.doc('/about');
    expect(text(d.querySelector('h1'))).toBe('About Us');
    expect(pageText(d)).toContain('How We Got Started');
    expect(texts(d, '#values h3')).toEqual(['Quality Excellence', 'Customer Satisfaction', 'Innovation']);
    expect(texts(d, '#reasons h3')).toEqual(graph.about.data.reasons.map((r) => r.title));
    expect(all(d, '#reasons h3')).toHaveLength(5);
  });
});

describe('gallery', () => {
  it('shows 12 photos, the first 4 eager and the first 2 with high priority', () => {
    const d = site.doc('/gallery');
    const imgs = all(d, '.gallery-grid img');
    expect(imgs).toHaveLength(12);
    expect(imgs.map(photoOf)).toEqual(graph.gallery.map((g) => g.src));
    imgs.forEach((img, i) => expectPicture(img, graph.gallery[i].src));
    // The grid's slots are narrower than the viewport from two columns on.
    expect(attr(imgs[0], 'sizes')).toMatch(/^\(min-width: \d+px\) \d+px, .*calc\(100vw - 2\.5rem\)$/);
    expect(imgs.map((i) => i.getAttribute('alt'))).toEqual(graph.gallery.map((g) => g.alt));
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual([...Array(4).fill('eager'), ...Array(8).fill('lazy')]);
    expect(imgs.map((i) => attr(i, 'fetchpriority'))).toEqual([...Array(2).fill('high'), ...Array(10).fill(null)]);
    expect(texts(d, '.gallery-grid figcaption')).toEqual(graph.gallery.map((g) => g.title));
  });
});

describe('service category and service pages', () => {
  it('list each category’s services and a Request a Free Quote button', () => {
    expect(graph.categories).toHaveLength(8);
    for (const c of graph.categories) {
      const d = site.doc(`/services/${c.id}`);
      expect(text(d.querySelector('h1'))).toBe(c.title);
      expect(hrefs(d, '#services h3 a')).toEqual(c.services.map((s) => `/services/${c.id}/${s.id}`));
      expect(link(d, 'Request a Free Quote')?.getAttribute('href')).toBe('/contact');
    }
  });

  it('show the description, what is included, four process steps, related services, four FAQs and a quote button', () => {
    for (const c of graph.categories) {
      for (const s of c.services) {
        const path = `/services/${c.id}/${s.id}`;
        const d = site.doc(path);
        expect(text(d.querySelector('h1')), path).toBe(s.title);
        expect(pageText(d)).toContain(s.description.split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim());
        expect(texts(d, '.included li')).toEqual(s.included);
        expect(texts(d, '#process .process-step h3')).toEqual(['Consultation', 'Material Selection', 'Expert Craftsmanship', 'Final Delivery']);
        expect(hrefs(d, '#related h3 a')).toEqual(s.relatedServices.map((id) => `/services/${graph.services.get(id)!.categoryId}/${id}`));
        const faqs = all(d, '#faq details');
        expect(faqs).toHaveLength(4);
        expect(faqs.map((f) => text(f.querySelector('summary')))).toEqual(s.faqs.map((f) => f.question));
        expect(link(d, 'Get a Free Quote')?.getAttribute('href')).toBe('/contact');
        inOrder(pageText(d), ["What's Included", 'Our Process', 'Frequently Asked Questions']);
      }
    }
  });
});

describe('detailing', () => {
  it('lists the six detailing services with the spec’s blocks', () => {
    const d = site.doc('/detailing-services');
    expect(text(d.querySelector('h1'))).toBe(graph.detailingPage.hero.title);
    const cards = all(d, '.detailing-grid .card');
    expect(cards).toHaveLength(6);
    for (const [i, card] of cards.entries()) {
      const item = graph.detailing[i];
      expect(card.querySelector('img')?.getAttribute('alt')).toBe(item.alt);
      expect(text(card.querySelector('h3'))).toBe(item.title);
      expect(text(card.querySelector('p'))).toBe(item.shortDescription);
      const more = link(card, 'Learn More')!;
      expect(more.getAttribute('href')).toBe(`/detailing-services/${item.id}`);
    }
    const why = all(d, 'h2').find((h) => text(h) === 'Why Choose Our Detailing Services')!;
    expect(why).toBeTruthy();
    expect(texts(why.closest('section')!, 'h3')).toEqual(['Expert Technicians', 'Premium Products', 'Comprehensive Solutions', 'Satisfaction Guaranteed']);
    inOrder(pageText(d), ['Our Detailing Services', 'Why Choose Our Detailing Services', 'Ready to Refresh Your Upholstery?']);
  });

  it('shows every block of a detailing page in order', () => {
    expect(graph.detailing).toHaveLength(6);
    for (const item of graph.detailing) {
      const path = `/detailing-services/${item.id}`;
      const d = site.doc(path);
      expect(text(d.querySelector('h1'))).toBe(item.h1);
      const hero = d.querySelector('.page-hero')!;
      expect(text(hero)).toContain(item.shortDescription);
      expect(text(hero)).toContain('Top-rated service');
      expect(all(hero, '.stars svg')).toHaveLength(5);
      const main = pageText(d);
      for (const f of item.features) expect(main).toContain(f);
      expect(link(d, 'Get a Free Quote')?.getAttribute('href')).toBe('/contact');
      const about = d.querySelector('#about-service')!;
      expect(text(about.querySelector('h2'))).toBe(`About ${item.title} in Albuquerque, NM`);
      const aboutText = text(about);
      for (const s of ['Inspection and a tailored plan', 'Deep cleaning and stain treatment', 'Material-safe protection and conditioning', 'Final detailing and care recommendations', 'Pet stains', 'Allergen reduction', 'Leather care', 'Commercial settings']) expect(aboutText).toContain(s);
      expect(hrefs(about, '.area-list a')).toEqual(graph.site.areas.map((a) => `/locations/${a.id}`));
      expect(texts(d, '#benefits ol > li')).toEqual(item.benefits);
      const related = item.relatedServices.filter((id) => graph.detailing.some((x) => x.id === id));
      expect(hrefs(d, '#related .card-link')).toEqual(related.map((id) => `/detailing-services/${id}`));
      inOrder(main, ['Top-rated service', item.features[0], `About ${item.title} in Albuquerque, NM`, item.benefits[0], 'Ready to Transform Your Upholstery?']);
    }
  });
});

describe('locations', () => {
  it('lists the ten areas with the headquarters, a directions link and a map', () => {
    const d = site.doc('/locations');
    expect(hrefs(d, '#areas h3 a')).toEqual(graph.locations.map((l) => `/locations/${l.id}`));
    expect(all(d, '#areas h3 a')).toHaveLength(10);
    expect(pageText(d)).toContain(graph.site.address.street);
    expect(link(d, 'Get Directions')?.getAttribute('href')).toMatch(/^https:\/\//);
    expect(d.querySelector('iframe')).not.toBeNull();
  });

  it('shows each location with three paragraphs, its services, a map and contact cards', () => {
    for (const l of graph.locations) {
      const d = site.doc(`/locations/${l.id}`);
      expect(text(d.querySelector('h1'))).toBe(l.title);
      const main = pageText(d);
      expect(main).toContain(l.subtitle);
      expect(texts(d, '.prose p')).toEqual(l.description.map((p) => p.replace(/\s+/g, ' ').trim()));
      expect(main).toContain(l.servicesIntro);
      expect(hrefs(d, '#local-services h3 a')).toEqual(graph.categories.map((c) => `/services/${c.id}`));
      expect(d.querySelector('iframe')?.getAttribute('src')).toContain(`marker=${l.geo.lat.toFixed(4)}%2C${l.geo.lng.toFixed(4)}`);
      expect(texts(d, '.contact-card h3')).toEqual(['Address', 'Phone', 'E-mail']);
      expect(d.querySelector(`.contact-card a[href^="mailto:${graph.site.email}"]`)).not.toBeNull();
    }
  });
});

describe('contact', () => {
  it('has the address, phone, hours, a map and the Request a Quote form', () => {
    const d = site.doc('/contact');
    const main = pageText(d);
    expect(main).toContain(graph.site.address.street);
    expect(main).toContain(graph.site.phone);
    expect(main).toContain('Monday - Friday');
    expect(main).toContain('9AM - 5PM');
    expect(main).toContain('10AM - 2PM');
    expect(main).toMatch(/Sunday\s*Closed/);
    expect(d.querySelector('iframe[title]')).not.toBeNull();
    const form = d.querySelector('[data-island="contact-quote"]');
    expect(text(form)).toContain('Request a Quote');
  });

  it('puts the quote form before the shop details in the source, where phones show it (no layout shift)', () => {
    // A page painted before it is fully parsed showed the details first; the form, shown above
    // them on narrow screens, then pushed them down (a layout shift of up to 0.47 at 768 px).
    const html = site.doc('/contact').querySelector('main')!.innerHTML;
    inOrder(html, ['data-island="contact-quote"', 'Visit or Call Our Shop']);
  });
});

describe('blog', () => {
  it('lists every article, also without JavaScript', () => {
    const d = site.doc('/blog');
    expect(text(d.querySelector('h1'))).toBe('Upholstery Insights & Resources');
    expect(d.querySelector('[data-island="blog-listing"]')).not.toBeNull();
    const index = hrefs(d, '.all-articles a');
    expect(index).toEqual(graph.posts.map((p) => `/blog/${p.slug}`));
  });

  it('shows an article with its tags, meta line, share button, cover, body, tags footer and related articles', () => {
    const post = graph.posts.find((p) => p.slug === 'diy-vs-professional-leather-seat-repair')!;
    const d = site.doc(`/blog/${post.slug}`);
    expect(text(d.querySelector('h1'))).toBe(post.title);
    expect(texts(d, 'nav[aria-label="Breadcrumb"] li')).toEqual(['Home', 'Blog', post.title]);
    const header = d.querySelector('.post-header')!;
    expect(hrefs(header, '.badge-list a')).toEqual(post.tags.map((t) => `/blog?tag=${encodeURIComponent(t)}`));
    expect(text(header)).toContain(post.description);
    const meta = text(header.querySelector('.post-meta'));
    expect(meta).toContain('October 28, 2025');
    expect(meta).toContain('7 min read');
    expect(meta).toContain(`By ${post.author}`);
    expect(header.querySelector('[data-island="share-button"]')).not.toBeNull();
    const cover = d.querySelector('.post-cover img');
    expectPicture(cover, post.coverImage!);
    expect(cover!.getAttribute('loading')).toBe('eager');
    expect(attr(cover, 'fetchpriority')).toBe('high');
    expect(d.querySelector('.prose.post-body h2')).not.toBeNull();
    expect(hrefs(d, '.post-footer .badge-list a')).toHaveLength(post.tags.length);
  });

  it('shows up to three related articles, each with up to two tags, date and reading time', () => {
    let withRelated = 0;
    for (const post of graph.posts) {
      const d = site.doc(`/blog/${post.slug}`);
      const cards = all(d, '.related-posts .card');
      expect(cards.length).toBeLessThanOrEqual(3);
      if (cards.length) withRelated++;
      for (const card of cards) {
        expect(all(card, '.badge').length).toBeLessThanOrEqual(2);
        expect(card.querySelector('h3 a')?.getAttribute('href')).toMatch(/^\/blog\/[a-z0-9-]+$/);
        expect(text(card.querySelector('.post-meta'))).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d+ min read$/);
      }
    }
    expect(withRelated).toBeGreaterThan(0);
  });

  it('renders code blocks with Prism tokens inside the prose container', () => {
    const withCode = graph.posts.find((p) => postBody(graph, p).includes('```json'))!; // stitch build keeps no body: read back
    const d = site.doc(`/blog/${withCode.slug}`);
    expect(d.querySelector('.prose pre code .token')).not.toBeNull();
  });
});

describe('legal, admin and not found', () => {
  it('shows the legal pages with their last updated date', () => {
    for (const [path, title] of [['/privacy', graph.privacy.data.title], ['/terms', graph.terms.data.title]]) {
      const d = site.doc(path);
      expect(text(d.querySelector('h1'))).toBe(title);
      expect(pageText(d)).toContain('Last updated April 19, 2025');
      expect(d.querySelector('.prose')?.children.length).toBeGreaterThan(2);
    }
  });

  it('shows the rebuild trigger card and the deploy hook instructions', () => {
    const d = site.doc('/admin/rebuild');
    expect(texts(d, 'h2')).toContain('Site Rebuild Trigger');
    expect(d.querySelector('[data-island="rebuild-trigger"]')).not.toBeNull();
    expect(pageText(d)).toMatch(/deploy hook/i);
    expect(pageText(d)).toContain('VITE_VERCEL_DEPLOY_HOOK');
  });

  it('shows Page Not Found with the spec’s links, a quote form, phone and e-mail', () => {
    const d = site.doc('404.html');
    expect(text(d.querySelector('h1'))).toBe('Page Not Found');
    expect(hrefs(d, '.nf-links a')).toEqual(['/', '/services/automotive-upholstery', '/gallery', '/locations', '/contact', '/blog']);
    expect(d.querySelector('[data-island="not-found"]')).not.toBeNull();
    const form = d.querySelector('[data-island="quote-form"]');
    expect(text(form?.querySelector('button[type="submit"]'))).toBe('Request Free Quote');
    expect(d.querySelector('main a[href^="tel:"]')).not.toBeNull();
    expect(d.querySelector(`main a[href="mailto:${graph.site.email}"]`)).not.toBeNull();
  });
});

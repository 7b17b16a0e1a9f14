// The whole pipeline on the mini fixture, into memory, checked with linkedom.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, contentTree, type SiteBuild } from '../helpers/build-site.ts';

let site: SiteBuild;
const jsonLd = (doc: Document) => [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''));

beforeAll(async () => {
  site = await buildSite('test/fixtures/mini');
  if (!site.ok) throw new Error(site.state.diagnostics.map((d) => d.message).join('\n'));
});

describe('pages of the route list', () => {
  it('writes one index.html per route, the 404 page and redirect stubs', () => {
    const files = [...site.writer.files.keys()];
    for (const path of ['index.html', 'about/index.html', 'gallery/index.html', 'services/automotive-upholstery/index.html',
      'services/automotive-upholstery/alpha-service/index.html', 'detailing-services/index.html', 'detailing-services/deep-clean/index.html',
      'locations/index.html', 'locations/albuquerque/index.html', 'contact/index.html', 'blog/index.html', 'blog/first-post/index.html',
      'privacy/index.html', 'terms/index.html', 'admin/rebuild/index.html', '404.html', 'team/index.html']) {
      expect(files).toContain(path);
    }
  });

  it('every page has the document basics: lang, charset, zoomable viewport, title, description', () => {
    for (const [file, html] of site.writer.files) {
      if (!file.endsWith('.html') || typeof html !== 'string' || file === 'team/index.html') continue;
      const doc = site.doc(file);
      expect(doc.documentElement.getAttribute('lang'), file).toBe('en');
      expect(doc.querySelector('meta[charset="utf-8"]'), file).not.toBeNull();
      expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content'), file).toBe('width=device-width, initial-scale=1, maximum-scale=5');
      expect(doc.title, file).not.toBe('');
      expect(doc.querySelector('meta[name="description"]')?.getAttribute('content'), file).toMatch(/Albuquerque/i);
      expect(doc.querySelector('meta[property="og:title"]'), file).not.toBeNull();
      expect(doc.querySelector('meta[name="twitter:card"]'), file).not.toBeNull();
    }
  });

  it('canonical URLs on indexable pages use the spec paths without trailing slash; noindex pages have none', () => {
    expect(site.doc('/about').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://mini.example.com/about');
    expect(site.doc('/').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://mini.example.com/');
    for (const p of ['/admin/rebuild', '404.html']) {
      const doc = site.doc(p);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    }
  });

  it('SITE_URL overrides the site URL everywhere', async () => {
    const other = await buildSite('test/fixtures/mini', { SITE_URL: 'https://preview.example.net/' });
    expect(other.doc('/about').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://preview.example.net/about');
    expect(other.html('sitemap.xml')).toContain('<loc>https://preview.example.net/blog/first-post</loc>');
  });
});

describe('structured data', () => {
  it('the business on the home page', () => {
    const business = jsonLd(site.doc('/')).find((x) => x['@type'] === 'HomeAndConstructionBusiness');
    expect(business).toMatchObject({
      name: 'Mini Upholstery', telephone: '(505) 555-0111', priceRange: '$$',
      aggregateRating: { ratingValue: 4.9, reviewCount: 127 }, currenciesAccepted: 'USD',
      address: { addressLocality: 'Rio Rancho', addressRegion: 'NM' },
      logo: 'https://mini.example.com/images/logo.png',
    });
    expect(business.areaServed.map((a: { name: string }) => a.name)).toEqual(['Albuquerque', 'Rio Rancho']);
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '17:00' });
    expect(business.paymentAccepted).toContain('Cash');
  });

  it('BlogPosting with datePublished = dateModified, publisher logo and breadcrumbs', () => {
    const ld = jsonLd(site.doc('/blog/second-post'));
    const article = ld.find((x) => x['@type'] === 'BlogPosting');
    expect(article).toMatchObject({ headline: 'Second Post', datePublished: '2023-01-18', dateModified: '2023-01-18', identifier: 'second-post',
      author: { name: 'Elena Marquez' }, mainEntityOfPage: { '@id': 'https://mini.example.com/blog/second-post' },
      publisher: { name: 'Mini Upholstery', logo: { url: 'https://mini.example.com/images/logo.png' } } });
    const crumbs = ld.find((x) => x['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Blog', 'Second Post']);
  });

  it('Service and FAQPage on service pages', () => {
    const ld = jsonLd(site.doc('/services/automotive-upholstery/alpha-service'));
    expect(ld.find((x) => x['@type'] === 'Service')).toMatchObject({ name: 'Alpha Service', provider: { name: 'Mini Upholstery' } });
    expect(ld.find((x) => x['@type'] === 'FAQPage').mainEntity).toHaveLength(4);
  });

  it('a title with </script> cannot break out of the JSON-LD or island props', async () => {
    const evil = '</script><script>alert(1)</script>';
    const dir = contentTree({ 'blog/evil.md': `---\ntitle: "${evil}"\ndescription: A post whose title tries to break out of script tags.\ndate: 2025-01-01\nauthor: Me\ntags: [leather]\n---\nBody.\n` }, 'test/fixtures/mini');
    const built = await buildSite(dir);
    expect(built.ok).toBe(true);
    const html = built.html('/blog/evil');
    expect(html).not.toContain('<script>alert(1)</script>');
    const doc = built.doc('/blog/evil');
    expect(jsonLd(doc).find((x) => x['@type'] === 'BlogPosting').headline).toBe(evil);
    for (const s of doc.querySelectorAll('script')) expect(s.textContent).not.toContain('alert(1)</script>');
  });
});

describe('blog rules', () => {
  it('normalises mm/dd/yyyy dates and honours front matter reading time', () => {
    const text = site.doc('/blog/second-post').querySelector('main')?.textContent ?? '';
    expect(text).toContain('January 18, 2023');
    expect(text).toContain('9 min read');
    expect(site.doc('/blog/first-post').querySelector('main')?.textContent).toContain('1 min read');
  });

  it('renders markdown with highlighted code and safe external links', () => {
    const doc = site.doc('/blog/first-post');
    expect(doc.getElementById('caring-for-leather')?.tagName).toBe('H2');
    expect(doc.querySelector('code .token.keyword')?.textContent).toBe('const');
    expect(doc.querySelector('a[href="https://example.com/page"]')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops the dangling detailing reference with a warning, not an error', () => {
    // The fixture's short descriptions also get main's description-length warnings: no error is the point.
    expect(site.state.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(site.state.diagnostics).toContainEqual(expect.objectContaining({ code: 'DroppedReferenceWarning', severity: 'warning', field: 'relatedServices[1]' }));
    expect(site.html('/detailing-services/deep-clean')).not.toContain('/detailing-services/furniture-upholstery');
  });
});

describe('site files', () => {
  it('sitemap: absolute URLs, blog lastmod, no noindex pages, no redirect sources', () => {
    const xml = site.html('sitemap.xml');
    expect(xml).toContain('<url><loc>https://mini.example.com/blog/first-post</loc><lastmod>2025-10-28</lastmod></url>');
    expect(xml).toContain('<loc>https://mini.example.com/</loc>');
    expect(xml).not.toContain('/admin/rebuild');
    expect(xml).not.toContain('/404');
    expect(xml).not.toContain('/team');
  });

  it('robots.txt disallows /admin/ and names the sitemap', () => {
    expect(site.html('robots.txt')).toContain('Disallow: /admin/');
    expect(site.html('robots.txt')).toContain('Sitemap: https://mini.example.com/sitemap.xml');
  });

  it('_redirects has exact and prefix rules; stubs refresh, replace and point canonical at the target', () => {
    const redirects = site.html('_redirects');
    expect(redirects).toContain('/team /about 301');
    expect(redirects).toContain('/old-services/* /services/automotive-upholstery 301');
    const stub = site.doc('/team');
    expect(stub.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=/about');
    expect(stub.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://mini.example.com/about');
    expect(stub.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // The script reads its target from data-to, so every stub has the same script (one CSP hash).
    expect(stub.querySelector('script[data-to="/about"]')?.textContent).toContain('location.replace(');
  });

  it('_headers sets security headers and immutable caching for hashed assets', () => {
    const headers = site.html('_headers');
    expect(headers).toContain('X-Content-Type-Options: nosniff');
    expect(headers).toMatch(/\/assets\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
  });
});

describe('islands', () => {
  it('a page loads only the entries of the islands it contains', () => {
    const article = site.doc('/blog/first-post');
    const island = article.querySelector('[data-island="share-button"]');
    expect(island?.querySelector('[data-island-root][data-server-rendered="true"]')?.innerHTML.length).toBeGreaterThan(50);
    expect(JSON.parse(island?.querySelector('script[data-island-props]')?.textContent ?? '{}')).toMatchObject({ title: 'First Post' });
    const scripts = [...article.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
    // The share button hydrates when idle: the page loads its lazy entry (see src/islands/entry-names.ts).
    expect(scripts.some((s) => /\/assets\/islands\/share-button\.lazy-[A-Z0-9]+\.js$/.test(s ?? ''))).toBe(true);
    for (const src of scripts) expect(site.writer.has(src!.slice(1))).toBe(true);
    const terms = [...site.doc('/terms').querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src') ?? '');
    expect(terms.some((s) => s.includes('share-button'))).toBe(false);
  });
});

// Structured data (schema.org JSON-LD) for the business, articles, services, FAQs and breadcrumbs.
import type { Post, Service, SiteData } from '../content/types.ts';
import { absoluteUrl } from './head.ts';
import type { LayoutData } from './layout-data.ts';
import type { PageRoute } from './types.ts';

export interface Crumb {
  name: string;
  path: string;
}

export function localBusiness(site: SiteData, siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': `${siteUrl}/#business`,
    name: site.name,
    description: site.tagline,
    url: `${siteUrl}/`,
    telephone: site.phone,
    email: site.email,
    logo: absoluteUrl(siteUrl, site.logo),
    image: absoluteUrl(siteUrl, site.image),
    priceRange: site.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.lat, longitude: site.geo.lng },
    openingHoursSpecification: site.hours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days.map((d) => `https://schema.org/${d}`),
      ...(h.closed ? { opens: '00:00', closes: '00:00' } : { opens: h.opens, closes: h.closes }),
    })),
    aggregateRating: { '@type': 'AggregateRating', ratingValue: site.rating.value, reviewCount: site.rating.count, bestRating: 5 },
    areaServed: site.areas.map((a) => ({ '@type': 'City', name: a.name })),
    paymentAccepted: site.payment.methods.join(', '),
    currenciesAccepted: site.payment.currency,
  };
}

export function publisher(site: SiteData, siteUrl: string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    '@id': `${siteUrl}/#business`,
    name: site.name,
    url: `${siteUrl}/`,
    logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, site.logo) },
  };
}

export function breadcrumbList(crumbs: Crumb[], siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(siteUrl, c.path) })),
  };
}

/** What a BlogPosting reads of a post (its summary in a page's props has all of it). */
export type ArticleFields = Pick<Post, 'slug' | 'title' | 'description' | 'date' | 'updated' | 'author' | 'tags' | 'coverImage'>;

export function blogPosting(post: ArticleFields, site: SiteData, siteUrl: string, image: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, `/blog/${post.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: { '@type': /team/i.test(post.author) ? 'Organization' : 'Person', name: post.author },
    image,
    identifier: post.slug,
    keywords: post.tags.join(', '),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    publisher: publisher(site, siteUrl),
  };
}

export function serviceLd(service: Pick<Service, 'title' | 'description'> & { path: string; image: string }, site: SiteData, siteUrl: string, category?: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.title,
    description: service.description.split(/\n\s*\n/)[0].trim(),
    url: absoluteUrl(siteUrl, service.path),
    image: service.image,
    ...(category ? { category } : {}),
    serviceType: service.title,
    provider: { '@id': `${siteUrl}/#business`, '@type': 'HomeAndConstructionBusiness', name: site.name, telephone: site.phone },
    areaServed: site.areas.map((a) => ({ '@type': 'City', name: a.name })),
  };
}

export function faqPage(faqs: { question: string; answer: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

/**
 * The JSON-LD objects a page's head writes, one script tag each: the route's own
 * (`head.jsonLd`), then those derived as the page renders (`head.derivedJsonLd`) from its props
 * and layout — a post's BlogPosting from `props.post`, the BreadcrumbList from
 * `props.breadcrumbs`. Derived, not carried in the route: they were ~29 % of the route JSON a
 * page key hashes. The key covers what they are made from (the props, the layout and this code;
 * `test/unit/page-keys.test.ts` checks every value read here).
 */
export function pageJsonLd(route: Pick<PageRoute, 'head' | 'props'>): Record<string, unknown>[] {
  const derived = route.head.derivedJsonLd;
  if (!derived) return route.head.jsonLd;
  const { site, siteUrl } = route.props.layout as LayoutData;
  return [...route.head.jsonLd, ...derived.map((kind) => {
    if (kind === 'breadcrumbs') return breadcrumbList(route.props.breadcrumbs as Crumb[], siteUrl);
    const post = route.props.post as ArticleFields;
    return blogPosting(post, site, siteUrl, absoluteUrl(siteUrl, post.coverImage ?? site.image));
  })];
}

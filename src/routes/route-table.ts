// The route table: the only place that maps paths to templates. Builds every page of the
// spec's route list, the 404 page and the redirect stubs from the content graph, fails on
// duplicate output paths and on bad redirects, and returns the routes sorted by path.
import type { ContentGraph, Post } from '../content/types.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { errors } from '../errors/catalogue.ts';
import { formatLongDate } from '../content/dates.ts';
import { absoluteUrl, describe, descriptionSuffix, listDescription, pageTitle } from './head.ts';
import { faqPage, localBusiness, serviceLd, type Crumb } from './json-ld.ts';
import { chosenCard, type OgImage, type SiteCard } from '../cards/chosen-cards.ts';
import type { LayoutData } from './layout-data.ts';
import { relatedPosts, tagIndex } from './related-posts.ts';
import { checkRedirects, type OutputFiles } from './redirects.ts';
import type { CardRequest, Head, PageRoute, Route } from './types.ts';

/**
 * Up to this many posts the blog listing carries every post's listing fields in its page.
 * A larger blog keeps its /blog page light however many posts it has: the page carries the
 * featured article and the first page of cards, the listing island fetches the other posts'
 * fields from LISTING_INDEX when a visitor searches, filters or turns a page, and the plain
 * 'All Articles' list shows the newest posts and links archive pages of ARCHIVE_PAGE_SIZE.
 */
export const LISTING_INLINE_LIMIT = 60;
export const ARCHIVE_PAGE_SIZE = 200;
export const LISTING_INDEX = '/blog/posts.json';
/** The featured article and the six cards of the listing's first page. */
const FIRST_SCREEN = 7;

/** The fields of a post the listing and cards use: everything but the body. `updatedLabel`: only when `updated` is after `date`. */
export type PostSummary = Omit<Post, 'body' | 'origin' | 'metaTitle' | 'draft' | 'card' | 'ogImage'> & { id: string; dateLabel: string; updatedLabel?: string };

export function summarize(post: Post): PostSummary {
  const { body: _b, origin: _o, metaTitle: _m, draft: _d, card: _c, ogImage: _g, ...rest } = post;
  const summary = rest as PostSummary; // the rest is a new object: completed in place
  summary.id = post.slug;
  summary.dateLabel = formatLongDate(post.date);
  if (post.updated && post.updated > post.date) summary.updatedLabel = formatLongDate(post.updated);
  return summary;
}

/** The size of a page's own social card (templates/cards). */
export const CARD_SIZE = { width: 1200, height: 630 };

/**
 * `siteCard`: the social image of pages without a card of their own (default: site.yaml's
 * `image`, size unknown). `ownCards`: whether the templates have a card (templates/cards); a
 * project without one gives every page the site card, or the `ogImage` its editor chose (`ogImages`).
 */
export function buildRouteTable(graph: ContentGraph, layout: LayoutData, siteCard?: SiteCard, ownCards = true, generated: OutputFiles = { files: [], folders: [] }, ogImages: ReadonlyMap<string, OgImage> = new Map()) {
  const { site, siteUrl } = layout;
  const pages: PageRoute[] = [];
  const business = localBusiness(site, siteUrl);
  const img = (path: string | undefined) => absoluteUrl(siteUrl, path ?? site.image);

  const page = (
    path: string, kind: string, template: string, props: Record<string, unknown>,
    meta: { title: string; description: string; card?: CardRequest; crumbs?: Crumb[]; jsonLd?: Record<string, unknown>[]; noindex?: boolean; ogType?: Head['ogType']; lastmod?: string; origin?: PageRoute['origin']; preload?: string[]; markdown?: PageRoute['markdown']; article?: boolean },
  ) => {
    const noindex = meta.noindex ?? false;
    // A post's BlogPosting and the breadcrumb list are made from the props as the page renders (json-ld.ts pageJsonLd).
    const derivedJsonLd: NonNullable<Head['derivedJsonLd']> = [];
    if (meta.article) derivedJsonLd.push('article');
    if (meta.crumbs) derivedJsonLd.push('breadcrumbs');
    const card = meta.card && (ownCards || meta.card.ogImage) ? meta.card : undefined;
    // Built field by field, without spreads of throwaway objects: ~4,000 routes per build.
    const head: Head = {
      title: pageTitle(meta.title, site.name),
      description: describe(meta.description),
      canonical: noindex ? undefined : absoluteUrl(siteUrl, path),
      ...socialImage(card),
      ogType: meta.ogType ?? 'website',
      jsonLd: meta.jsonLd ?? [],
      noindex,
      preloadImages: meta.preload,
    };
    const suffix = descriptionSuffix(meta.description);
    if (suffix) head.descriptionSuffix = suffix;
    if (derivedJsonLd.length > 0) head.derivedJsonLd = derivedJsonLd;
    // `props` is each call's own object literal: completed in place.
    if (meta.crumbs) props.breadcrumbs = meta.crumbs;
    props.layout = layout;
    props.path = path;
    const route: PageRoute = {
      type: 'page', path, kind, template,
      output: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
      props, head, lastmod: meta.lastmod, origin: meta.origin,
    };
    if (meta.markdown) route.markdown = meta.markdown;
    if (card) route.card = card;
    pages.push(route);
  };
  // A page's own card, or the site card.
  const socialImage = (card: CardRequest | undefined): Pick<Head, 'image' | 'imageWidth' | 'imageHeight' | 'imageAlt'> => (card
    ? { image: absoluteUrl(siteUrl, `/${card.output}`), imageWidth: card.ogImage?.width ?? CARD_SIZE.width, imageHeight: card.ogImage?.height ?? CARD_SIZE.height, imageAlt: `${card.category}: ${card.title} (${site.name})` }
    : { image: img(siteCard?.path), imageWidth: siteCard?.width, imageHeight: siteCard?.height, imageAlt: site.name });
  const home: Crumb = { name: 'Home', path: '/' };
  const serviceCard = (id: string) => {
    const s = graph.services.get(id);
    if (!s) return undefined;
    return { id: s.id, title: s.title, shortDescription: s.shortDescription, image: s.image, icon: s.icon, href: `/services/${s.categoryId}/${s.id}` };
  };

  // Home
  page('/', 'home', 'home', {
    home: graph.home,
    serviceCards: graph.home.serviceCards.map((c) => ({ ...c, href: `/services/${c.category}` })),
    recentWork: graph.home.recentWork.map(serviceCard).filter(Boolean),
    testimonials: graph.testimonials,
  }, { title: `${site.name} | Rio Rancho Upholstery & Detailing`, description: site.tagline, jsonLd: [business], preload: [graph.home.hero.poster] });

  page('/about', 'about', 'about', { about: { ...graph.about.data } },
    { title: graph.about.data.title, description: graph.about.data.description, jsonLd: [business], origin: graph.about.origin, markdown: { body: graph.about.body, into: 'about' } });

  page('/gallery', 'gallery', 'gallery', { items: graph.gallery },
    { title: 'Project Gallery', description: `Photos of recent furniture, auto, motorcycle, aircraft, boat and commercial upholstery projects by ${site.name}.`, preload: graph.gallery.slice(0, 2).map((g) => g.src) });

  for (const category of graph.categories) {
    const crumbs = [home, { name: category.title, path: `/services/${category.id}` }];
    page(`/services/${category.id}`, 'service-category', 'category', {
      category: { id: category.id, title: category.title, description: category.description, icon: category.icon, image: category.image },
      services: category.services.map((s) => serviceCard(s.id)),
    }, { title: category.metaTitle, description: category.metaDescription, crumbs, origin: category.origin,
      card: chosenCard(`/services/${category.id}`, {}, { title: category.title, category: 'Services', photo: category.image }, ogImages),
      jsonLd: [serviceLd({ title: category.title, description: category.description, path: `/services/${category.id}`, image: img(category.image) }, site, siteUrl)] });

    for (const service of category.services) {
      const path = `/services/${category.id}/${service.id}`;
      page(path, 'service', 'service', {
        category: { id: category.id, title: category.title },
        service,
        related: service.relatedServices.map(serviceCard).filter(Boolean),
      }, {
        title: service.metaTitle, description: service.metaDescription, origin: category.origin,
        card: chosenCard(path, service, { title: service.title, category: category.title, photo: service.image }, ogImages),
        crumbs: [...crumbs, { name: service.title, path }],
        jsonLd: [serviceLd({ ...service, path, image: img(service.image) }, site, siteUrl, category.title), faqPage(service.faqs)],
      });
    }
  }

  const detailingCrumbs = [home, { name: 'Detailing Services', path: '/detailing-services' }];
  const detailingCard = (id: string) => {
    const d = graph.detailing.find((x) => x.id === id);
    return d && { id: d.id, title: d.title, shortDescription: d.shortDescription, image: d.image, alt: d.alt, href: `/detailing-services/${d.id}` };
  };
  page('/detailing-services', 'detailing-list', 'detailing-list', {
    page: graph.detailingPage,
    items: graph.detailing.map((d) => detailingCard(d.id)),
  }, { title: 'Upholstery & Interior Detailing Services', description: graph.detailingPage.hero.subtitle, crumbs: detailingCrumbs });

  for (const item of graph.detailing) {
    const path = `/detailing-services/${item.id}`;
    page(path, 'detailing', 'detailing', { item, related: item.relatedServices.map(detailingCard).filter(Boolean) }, {
      title: item.metaTitle, description: item.metaDescription, origin: item.origin,
      card: chosenCard(path, item, { title: item.title, category: 'Detailing', photo: item.image }, ogImages),
      crumbs: [...detailingCrumbs, { name: item.title, path }],
      jsonLd: [serviceLd({ title: item.title, description: item.description, path, image: img(item.image) }, site, siteUrl, 'Upholstery detailing')],
    });
  }

  page('/locations', 'locations', 'locations', {
    locations: graph.locations.map((l) => ({ id: l.id, name: l.name, subtitle: l.subtitle, href: `/locations/${l.id}` })),
  }, { title: 'Service Areas', description: listDescription(site.areas.map((a) => a.name), (list) => `Upholstery and detailing from our Rio Rancho workshop for ${list}.`), jsonLd: [business] });

  for (const location of graph.locations) {
    const path = `/locations/${location.id}`;
    page(path, 'location', 'location', {
      location,
      categories: graph.categories.map((c) => ({ id: c.id, title: c.title, description: c.description, icon: c.icon, href: `/services/${c.id}` })),
    }, { title: location.metaTitle, description: location.metaDescription, origin: location.origin,
      card: chosenCard(path, location, { title: location.title, category: 'Locations' }, ogImages),
      crumbs: [home, { name: 'Locations', path: '/locations' }, { name: location.name, path }] });
  }

  page('/contact', 'contact', 'contact', {}, { title: 'Contact Us & Request a Free Quote', description: `Call ${site.phone} or request a free upholstery or detailing quote online. Visit our Rio Rancho workshop.`, jsonLd: [business] });

  const summaries = graph.posts.map(summarize);
  // One summary object per post, shared by the listing and every related-articles list.
  const summaryOf = new Map(graph.posts.map((post, i) => [post, summaries[i]]));
  const large = summaries.length > LISTING_INLINE_LIMIT;
  const archivePages = large ? Math.ceil(summaries.length / ARCHIVE_PAGE_SIZE) : 0;
  const archivePath = (n: number) => `/blog/archive/${n}`;
  page('/blog', 'blog-list', 'blog-list', {
    posts: large ? summaries.slice(0, FIRST_SCREEN) : summaries,
    total: summaries.length,
    index: large ? LISTING_INDEX : undefined,
    tags: [...new Set(graph.posts.flatMap((p) => p.tags))].sort(),
    // Every cover of the blog, for the island's responsive variants (covers repeat: few).
    coverImages: [...new Set(summaries.flatMap((p) => (p.coverImage ? [p.coverImage] : [])))].sort(),
    articles: large ? summaries.slice(0, LISTING_INLINE_LIMIT) : summaries,
    archive: Array.from({ length: archivePages }, (_, i) => archivePath(i + 1)),
  }, { title: 'Upholstery Insights & Resources', description: 'Guides, care tips and trends in automotive, furniture and leather upholstery from our Rio Rancho workshop.', crumbs: [home, { name: 'Blog', path: '/blog' }] });
  for (let n = 1; n <= archivePages; n++) {
    const from = (n - 1) * ARCHIVE_PAGE_SIZE;
    page(archivePath(n), 'blog-archive', 'blog-archive', {
      posts: summaries.slice(from, from + ARCHIVE_PAGE_SIZE),
      page: n,
      pages: Array.from({ length: archivePages }, (_, i) => archivePath(i + 1)),
    }, {
      title: `All Articles, Page ${n} of ${archivePages}`,
      description: `Every article of our upholstery journal, newest first: articles ${from + 1} to ${Math.min(from + ARCHIVE_PAGE_SIZE, summaries.length)} of ${summaries.length}.`,
      crumbs: [home, { name: 'Blog', path: '/blog' }, { name: `All Articles, Page ${n}`, path: archivePath(n) }],
    });
  }
  // Data files the pages fetch (a large blog's listing index), by output path.
  const files = large ? [{ path: LISTING_INDEX.slice(1), contents: JSON.stringify(summaries) }] : [];

  const blogCrumb: Crumb = { name: 'Blog', path: '/blog' };
  const tags = tagIndex(graph.posts);
  for (const post of graph.posts) {
    const path = `/blog/${post.slug}`;
    page(path, 'blog-post', 'blog-post', {
      post: summaryOf.get(post)!,
      related: relatedPosts(post, graph.posts, 3, tags).map((r) => summaryOf.get(r)!),
    }, {
      title: post.metaTitle ?? post.title, description: post.description, card: chosenCard(path, post, { title: post.title, category: 'Blog', photo: post.coverImage }, ogImages), ogType: 'article', lastmod: post.updated ?? post.date, origin: post.origin,
      noindex: post.status !== undefined, // a draft shown by dev or a --drafts preview stays out of search and the sitemap
      markdown: { body: post.body, into: 'post' },
      crumbs: [home, blogCrumb, { name: post.title, path }],
      article: true,
    });
  }

  for (const [path, legal] of [['/privacy', graph.privacy], ['/terms', graph.terms]] as const) {
    page(path, 'legal', 'legal', { page: { title: legal.data.title, lastUpdated: formatLongDate(legal.data.lastUpdated) } },
      { title: legal.data.title, description: legal.data.description, origin: legal.origin, markdown: { body: legal.body, into: 'page' } });
  }

  page('/admin/rebuild', 'admin-rebuild', 'admin-rebuild', {}, { title: 'Site Rebuild', description: 'Trigger a rebuild of the website.', noindex: true });

  page('/404', 'not-found', 'not-found', {}, { title: 'Page Not Found', description: 'The page you are looking for does not exist.', noindex: true });
  pages[pages.length - 1].output = '404.html';

  const diagnostics: Diagnostic[] = [];
  const livePaths = new Set(pages.filter((p) => p.kind !== 'not-found').map((p) => p.path));
  // Redirect stubs must not land on any other file of the output: the pages, their cards, the data files and `generated`.
  const outputs = [...generated.files, ...files.map((f) => f.path)];
  for (const p of pages) outputs.push(p.output, ...(p.card ? [p.card.output] : []));
  const { stubs, prefixRedirects, diagnostics: redirectDiagnostics } = checkRedirects(graph.redirects, livePaths, { files: outputs, folders: generated.folders });
  diagnostics.push(...redirectDiagnostics);

  const all: Route[] = [...pages, ...stubs];
  const routes = all.sort((a, b) => a.path.localeCompare(b.path));
  const byOutput = new Map<string, Route[]>();
  for (const r of routes) {
    const same = byOutput.get(r.output);
    if (same) same.push(r);
    else byOutput.set(r.output, [r]);
  }
  for (const [output, list] of byOutput) {
    if (list.length > 1) diagnostics.push(errors.duplicateOutput(output, list.map((r) => r.origin?.file ?? r.path)));
  }
  return { routes, prefixRedirects, diagnostics, files };
}

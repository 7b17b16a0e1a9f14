// One zod schema per collection. Field names follow the spec's entities (SPEC.md §3).
import { z } from 'zod';
import { isSiteOrigin } from '../config/site-url.ts';
import { normalizeDate } from './dates.ts';

const text = z.string().trim().min(1, 'a non-empty text');
const path = z.string().regex(/^\/[^\s]*$/, 'a site path starting with /');
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase id like "sofa-reupholstery"');

/** A calendar date: yyyy-mm-dd or mm/dd/yyyy, normalised to yyyy-mm-dd. */
export const calendarDate = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const raw = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  const iso = normalizeDate(raw);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: 'date', params: { stitch: 'date', found: raw } });
    return z.NEVER;
  }
  return iso;
});

const titled = z.object({ title: text, text: text });

export const siteSchema = z.object({
  name: text,
  tagline: text,
  // Optional here: SITE_URL may give it. A build with neither stops (errors.siteUrlMissing).
  url: z.string().refine(isSiteOrigin, 'an absolute http(s) address like "https://www.example.com" (no path)').optional(),
  phone: text,
  email: z.email(),
  address: z.object({ street: text, city: text, region: text, postalCode: text, country: text }),
  geo: z.object({ lat: z.number(), lng: z.number() }),
  hours: z.array(z.object({
    days: z.array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])).min(1),
    opens: z.string().regex(/^\d{2}:\d{2}$/, 'a time like "09:00"').optional(),
    closes: z.string().regex(/^\d{2}:\d{2}$/, 'a time like "17:00"').optional(),
    closed: z.boolean().optional(),
  })).min(1),
  payment: z.object({ methods: z.array(text).min(1), currency: z.string().length(3) }),
  rating: z.object({ value: z.number().min(1).max(5), count: z.number().int().positive() }),
  priceRange: text,
  yearsExperience: z.number().int().positive(),
  areas: z.array(z.object({ id: slug, name: text })).min(1),
  logo: path,
  image: path,
  /** Page-weight budgets in KB (gzip), checked by `stitch build`; defaults in src/budgets/budgets.ts. */
  budgets: z.object({
    js: z.number().positive().optional(),
    css: z.number().positive().optional(),
    html: z.number().positive().optional(),
    lcpImage: z.number().positive().optional(),
  }).strict().optional(),
});

export const serviceSchema = z.object({
  id: slug,
  title: text,
  shortDescription: text,
  description: text,
  icon: text,
  image: path,
  included: z.array(text).min(1),
  faqs: z.array(z.object({ question: text, answer: text })).length(4, 'exactly 4 FAQs'),
  relatedServices: z.array(slug).default([]),
  metaTitle: text,
  metaDescription: text,
});

export const categorySchema = z.object({
  id: slug,
  /** Position in menus and lists (lowest first). */
  order: z.number().int().optional(),
  title: text,
  description: text,
  icon: text,
  image: path,
  metaTitle: text,
  metaDescription: text,
  services: z.array(serviceSchema).min(1),
});

export const detailingSchema = z.object({
  id: slug,
  /** Position in lists (lowest first). */
  order: z.number().int().optional(),
  title: text,
  h1: text,
  metaTitle: text,
  metaDescription: text,
  shortDescription: text,
  description: text,
  image: path,
  alt: text,
  relatedServices: z.array(slug).default([]),
  features: z.array(text).length(4, 'exactly 4 features'),
  benefits: z.array(text).length(4, 'exactly 4 benefits'),
});

export const locationSchema = z.object({
  id: slug,
  name: text,
  title: text,
  subtitle: text,
  geo: z.object({ lat: z.number(), lng: z.number() }),
  description: z.array(text).length(3, 'exactly three paragraphs'),
  servicesIntro: text,
  metaTitle: text,
  metaDescription: text,
});

export const gallerySchema = z.object({
  items: z.array(z.object({ src: path, alt: text, title: text })).min(1),
});

export const testimonialsSchema = z.object({
  items: z.array(z.object({
    id: slug,
    name: text,
    location: text.optional(),
    service: text.optional(),
    rating: z.number().int().min(1).max(5),
    text: text,
  })).min(1),
});

export const homeSchema = z.object({
  hero: z.object({ title: text, subtitle: text, poster: path, videos: z.array(path).min(1) }),
  serviceCards: z.array(z.object({ category: slug, title: text, text: text, image: path })).length(5, 'exactly 5 service cards'),
  recentWork: z.array(slug).length(6, 'exactly 6 service ids'),
  whyChooseUs: z.array(titled).length(4, 'exactly 4 columns'),
  craftsmanship: z.object({ title: text, text: text, image: path }),
  cta: z.object({ title: text, text: text }),
});

export const detailingPageSchema = z.object({
  hero: z.object({ title: text, subtitle: text, image: path }),
  intro: text,
  whyChoose: z.array(titled).length(4, 'exactly 4 points'),
  cta: z.object({ text: text }),
});

export const aboutSchema = z.object({
  title: text,
  description: text,
  values: z.array(titled).length(3, 'exactly 3 values'),
  reasons: z.array(titled).length(5, 'exactly 5 reasons'),
});

export const legalSchema = z.object({
  title: text,
  description: text,
  lastUpdated: calendarDate,
});

/**
 * A redirect source becomes a file (`/old` → `old/index.html`): no segment may climb out of the
 * output folder, plainly or encoded (`..`, `%2e%2e`, `%2f`, a backslash), and no control
 * characters (a NUL would cut the file name short).
 */
const staysInSite = (path: string) => !/[\\\x00-\x1f\x7f]|%(?:2e|2f|5c|00)/i.test(path) && !path.split('/').some((s) => s === '.' || s === '..');

export const redirectsSchema = z.object({
  redirects: z.array(z.object({
    from: z.string().regex(/^\/[^\s]*$/, 'a path starting with /')
      .refine(staysInSite, 'a site path without "." or ".." segments, backslashes, encoded dots or slashes (%2e, %2f, %5c) or control characters'),
    to: path,
    note: z.string().optional(),
  })),
});

export const postSchema = z.object({
  title: text,
  description: text,
  date: calendarDate,
  author: text,
  tags: z.array(text),
  coverImage: path.optional(),
  readingTime: z.number().int().positive().optional(),
  /** The page's <title> when the headline is too long for search results (optional). */
  metaTitle: text.optional(),
});

export type SiteData = z.infer<typeof siteSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Detailing = z.infer<typeof detailingSchema>;
export type Location = z.infer<typeof locationSchema>;
export type GalleryItem = z.infer<typeof gallerySchema>['items'][number];
export type Testimonial = z.infer<typeof testimonialsSchema>['items'][number];
export type HomeData = z.infer<typeof homeSchema>;
export type DetailingPageData = z.infer<typeof detailingPageSchema>;
export type AboutData = z.infer<typeof aboutSchema>;
export type LegalData = z.infer<typeof legalSchema>;
export type Redirect = z.infer<typeof redirectsSchema>['redirects'][number];
export type PostFrontMatter = z.infer<typeof postSchema>;

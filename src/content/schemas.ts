// One zod schema per collection. Field names follow the spec's entities (SPEC.md §3).
import { z } from 'zod';
import { isSiteOrigin } from '../config/site-url.ts';
import { normalizeDate } from './dates.ts';
import { SLUG_PATTERN } from './slug.ts';

const text = z.string().trim().min(1, 'a non-empty text');
const path = z.string().regex(/^\/[^\s]*$/, 'a site path starting with /');
const slug = z.string().regex(SLUG_PATTERN, 'a lowercase id like "sofa-reupholstery"');

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

/** The social card an editor chooses for a page (posts, services, detailing, locations): src/cards. */
const cardFields = {
  card: z.object({
    title: text.optional().describe('Optional shorter text drawn on the card instead of the page\'s title (the page keeps its title). Example: Leather Seat Care'),
    image: z.string().regex(/^(none|\/\S*)$/, 'a site path starting with / or none').optional().describe('Optional photo for the card\'s photo column, a path under site-assets, or none for a card without a photo. Example: /images/blog/leather.jpg'),
  }).optional().describe('Optional: what the page\'s social card shows'),
  ogImage: path.optional().describe('Optional social image of your own instead of the drawn card: a path under site-assets, at least 1200x630 pixels. Example: /images/og/spring-sale.jpg'),
};

/** The page's title and description in search results. */
const metaFields = {
  metaTitle: text.describe('The page\'s <title> in search results, at most 60 characters with the site name. Example: "Sofa Reupholstery in Albuquerque"'),
  metaDescription: text.describe('The page\'s description in search results, 50-160 characters.'),
};

const geo = (what: string) => z.object({ lat: z.number().describe('Latitude. Example: 35.2328'), lng: z.number().describe('Longitude. Example: -106.663') }).describe(what);

const titled = z.object({ title: text.describe('A short heading. Example: Expert Craftsmen'), text: text.describe('One or two sentences under the heading.') });

export const siteSchema = z.object({
  name: text.describe('The business name, in the header, footer and search results. Example: Sandia Custom Upholstery'),
  tagline: text.describe('One line under the name. Example: Custom upholstery and detailing in Albuquerque'),
  url: z.string().refine(isSiteOrigin, 'an absolute http(s) address like "https://www.example.com" (no path)').optional().describe('The site\'s address: scheme and host, no path. Example: https://www.example.com (the SITE_URL variable overrides it; a build with neither stops)'),
  phone: text.describe('Phone number as visitors should read it. Example: "(505) 555-0142"'),
  email: z.email().describe('Contact email address. Example: hello@example.com'),
  address: z.object({
    street: text.describe('Street and number. Example: "1234 Example Rd NE"'),
    city: text.describe('City. Example: Rio Rancho'),
    region: text.describe('State, two letters. Example: NM'),
    postalCode: text.describe('ZIP code, quoted. Example: "87124"'),
    country: text.describe('Country code. Example: US'),
  }).describe('The shop\'s postal address (footer, contact page, search engines)'),
  geo: geo('The shop\'s map position'),
  hours: z.array(z.object({
    days: z.array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])).min(1).describe('The days this row covers. Example: [Monday, Tuesday]'),
    opens: z.string().regex(/^\d{2}:\d{2}$/, 'a time like "09:00"').optional().describe('Opening time, 24-hour hh:mm, quoted. Example: "09:00"'),
    closes: z.string().regex(/^\d{2}:\d{2}$/, 'a time like "17:00"').optional().describe('Closing time, 24-hour hh:mm, quoted. Example: "17:00"'),
    closed: z.boolean().optional().describe('true when the shop is closed on these days'),
  })).min(1).describe('Opening hours: one row per group of days with the same hours'),
  payment: z.object({
    methods: z.array(text).min(1).describe('Accepted ways to pay. Example: [Cash, Check, Major credit cards]'),
    currency: z.string().length(3).describe('Three-letter currency code. Example: USD'),
  }).describe('How customers can pay'),
  rating: z.object({
    value: z.number().min(1).max(5).describe('Average review score, 1 to 5. Example: 4.9'),
    count: z.number().int().positive().describe('Number of reviews. Example: 127'),
  }).describe('Review summary shown to search engines'),
  priceRange: text.describe('Price level for search engines, quoted. Example: "$$"'),
  yearsExperience: z.number().int().positive().describe('Years in business, a whole number. Example: 10'),
  areas: z.array(z.object({
    id: slug.describe('The location id (its file name in content/locations). Example: albuquerque'),
    name: text.describe('The area\'s name in menus. Example: Albuquerque'),
  })).min(1).describe('The service areas, in menu order'),
  logo: path.describe('Logo image, a path under site-assets. Example: /images/logo.png'),
  image: path.describe('Default image for social shares, a path under site-assets. Example: /images/og-default.jpg'),
  tagLabels: z.record(z.string(), text).optional().describe('How a blog tag is shown, by tag, where the usual rule (each hyphen-separated word capitalised: car-interior → Car Interior) gets it wrong. Example: { diy: DIY, choosing-a-shop: Choosing a Shop }'),
  /** Page-weight budgets in KB (gzip), checked by `stitch build`; defaults in src/budgets/budgets.ts. */
  budgets: z.object({
    js: z.number().positive().optional().describe('JavaScript per page, KB gzip (default 75). Example: 80'),
    css: z.number().positive().optional().describe('CSS per page, KB gzip (default 25). Example: 30'),
    html: z.number().positive().optional().describe('HTML per page, KB gzip (default 50). Example: 60'),
    lcpImage: z.number().positive().optional().describe('The largest image a phone (390 px) loads first, KB (default 120). Example: 150'),
  }).strict().optional().describe('Optional page-weight budgets in KB (gzip), checked by stitch build'),
});

export const serviceSchema = z.object({
  id: slug.describe('The service\'s id in its URL, unique across all categories: lowercase words with hyphens. Example: sofa-reupholstery'),
  title: text.describe('The service\'s name. Example: Sofa Reupholstery'),
  shortDescription: text.describe('One sentence for cards and lists.'),
  description: text.describe('2-3 paragraphs for the service page, a blank line between them (use a | block).'),
  icon: text.describe('Icon name: sofa, car, motorcycle, plane, briefcase, anchor, pillow or leather.'),
  image: path.describe('Photo, a path under site-assets. Example: /images/services/sofa-reupholstery.jpg'),
  included: z.array(text).min(1).describe('What the service includes, 4-6 short items.'),
  faqs: z.array(z.object({
    question: text.describe('The question, as a customer would ask it. Example: "How long does it take?"'),
    answer: text.describe('The answer, a few sentences.'),
  })).length(4, 'exactly 4 FAQs').describe('Exactly 4 questions and answers.'),
  relatedServices: z.array(slug).default([]).describe('2-3 ids of other services, any category. Example: [chair-upholstery, leather-furniture-repair]'),
  ...metaFields,
  ...cardFields,
});

export const categorySchema = z.object({
  id: slug.describe('Must equal the file name (without .yaml): lowercase words with hyphens. Example: furniture-upholstery'),
  /** Position in menus and lists (lowest first). */
  order: z.number().int().optional().describe('Optional position in menus and lists, lowest first. Example: 1'),
  title: text.describe('The category\'s name. Example: Furniture Upholstery'),
  description: text.describe('Two or three sentences for the category page intro.'),
  icon: text.describe('Icon name: sofa, car, motorcycle, plane, briefcase, anchor, pillow or leather.'),
  image: path.describe('Photo, a path under site-assets. Example: /images/services/furniture-upholstery.jpg'),
  ...metaFields,
  services: z.array(serviceSchema).min(1).describe('The services of this category, at least one.'),
});

export const detailingSchema = z.object({
  id: slug.describe('Must equal the file name (without .yaml): lowercase words with hyphens. Example: leather-detailing'),
  /** Position in lists (lowest first). */
  order: z.number().int().optional().describe('Optional position in lists, lowest first. Example: 1'),
  title: text.describe('The service\'s name in cards and lists. Example: Leather Detailing'),
  h1: text.describe('The page\'s main heading. Example: Professional Leather Detailing'),
  ...metaFields,
  shortDescription: text.describe('One sentence for cards.'),
  description: text.describe('1-2 paragraphs for the page, a blank line between them (use a | block).'),
  image: path.describe('Photo, a path under site-assets. Example: /images/detailing/leather-detailing.jpg'),
  alt: text.describe('What the photo shows, for people who cannot see it.'),
  relatedServices: z.array(slug).default([]).describe('Ids of other detailing services; unknown ids are dropped with a warning. Example: [pet-odor-removal]'),
  features: z.array(text).length(4, 'exactly 4 features').describe('Exactly 4 features, short lines.'),
  benefits: z.array(text).length(4, 'exactly 4 benefits').describe('Exactly 4 benefits, short lines.'),
  ...cardFields,
});

export const locationSchema = z.object({
  id: slug.describe('Must equal the file name (without .yaml) and an `areas` id in site.yaml. Example: rio-rancho'),
  name: text.describe('The town\'s name. Example: Rio Rancho'),
  title: text.describe('The page\'s main heading. Example: Upholstery & Detailing in Rio Rancho, NM'),
  subtitle: text.describe('One line under the title.'),
  geo: geo('The town\'s map position'),
  description: z.array(text).length(3, 'exactly three paragraphs').describe('Exactly three paragraphs, one list item each.'),
  servicesIntro: text.describe('One or two sentences introducing the services list.'),
  ...metaFields,
  ...cardFields,
});

export const gallerySchema = z.object({
  items: z.array(z.object({
    src: path.describe('Photo, a path under site-assets. Example: /images/gallery/sofa.jpg'),
    alt: text.describe('What the photo shows, for people who cannot see it.'),
    title: text.describe('A short caption. Example: Restored wingback chair'),
  })).min(1).describe('The gallery photos, in display order.'),
});

export const testimonialsSchema = z.object({
  items: z.array(z.object({
    id: slug.describe('A unique id: lowercase words with hyphens. Example: maria-g'),
    name: text.describe('The customer\'s name as shown. Example: Maria G.'),
    location: text.optional().describe('Optional town. Example: Albuquerque'),
    service: text.optional().describe('Optional name of the service they had. Example: Sofa Reupholstery'),
    rating: z.number().int().min(1).max(5).describe('Stars, a whole number from 1 to 5. Example: 5'),
    text: text.describe('The review in the customer\'s words.'),
  })).min(1).describe('Customer reviews, in display order.'),
});

const IMAGE = 'Photo, a path under site-assets. Example: /images/home/craftsmanship.jpg';

export const homeSchema = z.object({
  hero: z.object({
    title: text.describe('The home page\'s main heading.'),
    subtitle: text.describe('One line under the heading.'),
    poster: path.describe('Still image shown before the video plays, a path under site-assets. Example: /images/hero/poster.jpg'),
    videos: z.array(path).min(1).describe('Background videos, paths under site-assets. Example: [/videos/hero-1.mp4]'),
  }).describe('The top of the home page'),
  serviceCards: z.array(z.object({
    category: slug.describe('A service category id (a file name in content/services). Example: furniture-upholstery'),
    title: text.describe('The card\'s heading. Example: Furniture'),
    text: text.describe('One sentence on the card.'),
    image: path.describe(IMAGE),
  })).length(5, 'exactly 5 service cards').describe('Exactly 5 cards linking to service categories.'),
  recentWork: z.array(slug).length(6, 'exactly 6 service ids').describe('Exactly 6 service ids for the "Recent work" strip. Example: sofa-reupholstery'),
  whyChooseUs: z.array(titled).length(4, 'exactly 4 columns').describe('Exactly 4 columns: Expert Craftsmen, Premium Materials, Custom Solutions, Exceptional Service.'),
  craftsmanship: z.object({ title: text.describe('The section heading.'), text: text.describe('A paragraph.'), image: path.describe(IMAGE) }).describe('The craftsmanship section'),
  cta: z.object({ title: text.describe('The call-to-action heading.'), text: text.describe('One or two sentences under it.') }).describe('The call to action at the bottom'),
});

export const detailingPageSchema = z.object({
  hero: z.object({
    title: text.describe('The page\'s main heading.'),
    subtitle: text.describe('One line under the heading.'),
    image: path.describe('Photo, a path under site-assets. Example: /images/detailing/hero.jpg'),
  }).describe('The top of the detailing page'),
  intro: text.describe('The introduction paragraph.'),
  whyChoose: z.array(titled).length(4, 'exactly 4 points').describe('Exactly 4 points: Expert Technicians, Premium Products, Comprehensive Solutions, Satisfaction Guaranteed.'),
  cta: z.object({ text: text.describe('One or two sentences under the heading "Ready to Refresh Your Upholstery?".') }).describe('The call to action at the bottom'),
});

export const aboutSchema = z.object({
  title: text.describe('The page\'s heading. Example: About Us'),
  description: text.describe('The page\'s description in search results, 50-160 characters.'),
  values: z.array(titled).length(3, 'exactly 3 values').describe('Exactly 3 values: Quality Excellence, Customer Satisfaction, Innovation.'),
  reasons: z.array(titled).length(5, 'exactly 5 reasons').describe('Exactly 5 reasons to choose the shop.'),
});

export const legalSchema = z.object({
  title: text.describe('The page\'s heading. Example: Privacy Policy'),
  description: text.describe('The page\'s description in search results, 50-160 characters.'),
  lastUpdated: calendarDate.describe('When the text last changed: yyyy-mm-dd (mm/dd/yyyy also accepted). Example: 2025-04-19'),
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
      .refine(staysInSite, 'a site path without "." or ".." segments, backslashes, encoded dots or slashes (%2e, %2f, %5c) or control characters')
      .describe('The retired path, starting with /; ending in /* it covers everything under it. Example: /team or /old-blog/*'),
    to: path.describe('Where visitors go instead: a page of the site. Example: /about'),
    note: z.string().optional().describe('Optional: why the redirect exists, for the next editor.'),
  })).describe('Retired paths and where they go now.'),
});

export const postSchema = z.object({
  title: text.describe('The headline (page heading, cards, breadcrumb). Example: How to Care for Leather Seats'),
  description: text.describe('The summary in cards and search results, 50-160 characters.'),
  date: calendarDate.describe('Publication date: yyyy-mm-dd (mm/dd/yyyy also accepted). Example: 2025-10-28'),
  updated: calendarDate.optional().describe('Optional: the day the post was last revised, yyyy-mm-dd (mm/dd/yyyy also accepted); not before `date`, not after today. Shown as "Updated …" beside the date, and given to search engines, the sitemap and the Atom and JSON feeds. Example: 2025-11-14'),
  author: text.describe('Who wrote it. Example: The Shop Team'),
  tags: z.array(text).describe('Topics, lowercase words with hyphens. Example: [automotive, car-interior]'),
  coverImage: path.optional().describe('Optional cover photo, a path under site-assets. Example: /images/blog/leather.jpg'),
  ...cardFields,
  readingTime: z.number().int().positive().optional().describe('Optional minutes to read; otherwise counted from the words. Example: 7'),
  /** The page's <title> when the headline is too long for search results (optional). */
  metaTitle: text.optional().describe('Optional <title> for search results when the headline is over 60 characters.'),
  draft: z.boolean().optional().describe('true keeps the post off the built site until set to false (stitch dev and build --drafts show it with a badge). A date after today schedules it instead. Example: true'),
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
export type CardChoice = NonNullable<PostFrontMatter['card']>;

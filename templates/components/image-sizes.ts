// `sizes` values that match the CSS layouts, so a browser picks the smallest variant that fills
// the slot. The container is min(100vw - 2.5rem, 75rem); .grid tracks are at least 17rem with
// 1.5rem gaps (two columns from ~608 px, three from ~904 px, 400 px wide at most).
/** The blog listing's featured cover (1.1fr of 2.1fr from 768 px). Also a named export, so the
 *  blog listing island's bundle takes these two strings and not the whole table. */
export const FEATURED_SIZES = '(min-width: 1280px) 630px, (min-width: 768px) 52vw, calc(100vw - 2.5rem)';
/** A card of the blog listing's .blog-grid (19rem tracks: two columns from ~672 px, three from ~1000 px). */
export const BLOG_CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1000px) 33vw, (min-width: 672px) 50vw, calc(100vw - 2.5rem)';

export const SIZES = {
  /** A full-bleed hero background. */
  full: '100vw',
  /** A card of a .grid (services, related services, detailing, related articles). */
  card: '(min-width: 1280px) 400px, (min-width: 904px) 33vw, (min-width: 608px) 50vw, calc(100vw - 2.5rem)',
  /** One of the two wide cards of the home services grid (half the container from 1024 px). */
  wideCard: '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, (min-width: 904px) 33vw, (min-width: 608px) 50vw, calc(100vw - 2.5rem)',
  /** .work-grid: two columns even on phones. */
  workCard: '(min-width: 1280px) 400px, (min-width: 904px) 33vw, 50vw',
  /** .gallery-grid: 20rem tracks, 1rem gaps (two columns from ~696 px, three from ~1032 px). */
  gallery: '(min-width: 1280px) 390px, (min-width: 1032px) 33vw, (min-width: 696px) 50vw, calc(100vw - 2.5rem)',
  /** The media half of a .split (two columns from 900 px). */
  half: '(min-width: 1280px) 576px, (min-width: 900px) 50vw, calc(100vw - 2.5rem)',
  /** The 22rem aside of .with-aside (from 960 px). */
  aside: '(min-width: 960px) 352px, calc(100vw - 2.5rem)',
  /** A blog article's cover (.post-cover: the container, at most 62rem). */
  cover: '(min-width: 1032px) 992px, calc(100vw - 2.5rem)',
  featured: FEATURED_SIZES,
  blogCard: BLOG_CARD_SIZES,
} as const;

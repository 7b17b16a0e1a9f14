// The content graph: every entity of the site, validated and linked.
import type {
  AboutData, Category, Detailing, DetailingPageData, GalleryItem, HomeData, LegalData, Location, PostFrontMatter, Redirect, Service, SiteData, Testimonial,
} from './schemas.ts';

export type { AboutData, Category, Detailing, DetailingPageData, GalleryItem, HomeData, LegalData, Location, Redirect, Service, SiteData, Testimonial };

/** Where an entity came from, for diagnostics that point back at the editor's file. */
export interface Origin {
  file: string;
  line?: number;
  column?: number;
}

/** A blog post: its front matter (postSchema) with its slug (= file name), body and where they came from. */
export interface Post extends Omit<PostFrontMatter, 'readingTime'> {
  slug: string;
  /** Whole minutes: front matter, or words / 200 rounded up. */
  readingTime: number;
  /** Markdown body; empty when the build keeps no bodies (content/post-bodies.ts `postBody` reads it back). */
  body: string;
  origin: Origin;
  /** Set on a post that is not published yet (content/publication.ts); undefined once it is. */
  status?: PostStatus;
}

/** Why a post is not published: `draft: true`, or a date after the build time (America/Denver). */
export type PostStatus = 'draft' | 'scheduled';

/** A Markdown page (about, privacy, terms). */
export interface MarkdownPage<T> {
  data: T;
  body: string;
  origin: Origin;
}

export interface RedirectRule extends Redirect {
  /** True for `/old/*` rules: the path and everything under it. */
  prefix: boolean;
  /** `from` without the `/*`. */
  base: string;
  origin: Origin;
}

export interface ContentGraph {
  site: SiteData;
  categories: (Category & { origin: Origin })[];
  /** Every service by id, with its category id. */
  services: Map<string, Service & { categoryId: string }>;
  detailing: (Detailing & { origin: Origin })[];
  locations: (Location & { origin: Origin })[];
  gallery: GalleryItem[];
  testimonials: Testimonial[];
  home: HomeData;
  detailingPage: DetailingPageData;
  about: MarkdownPage<AboutData>;
  privacy: MarkdownPage<LegalData>;
  terms: MarkdownPage<LegalData>;
  redirects: RedirectRule[];
  /**
   * The posts this build shows, newest first; the first one is the featured article. Only
   * published posts, unless drafts are shown (dev, `build --drafts`: those carry `status`).
   */
  posts: Post[];
  /** Draft and scheduled posts this build leaves out (content/publication.ts); none when drafts are shown. */
  withheld: Post[];
  /** Display paths of the single-file collections, for diagnostics. */
  files: { site: string; gallery: string; home: string; detailingPage: string };
  /** Public paths of every file in site-assets/ (e.g. /images/logo.png). */
  assets: Set<string>;
  /**
   * Each post file's body and the sha256 of the file's whole text, by display path (as in
   * `origin.file`): a page key hashes this instead of the body, when the body is still this one.
   */
  sources?: Map<string, SourceText>;
}

/**
 * A Markdown file's body, and the sha256 (hex) of the text it was cut from. `stitch build` keeps
 * no post body (content/post-bodies.ts): `body` is then undefined and the post's own `body`
 * empty, and `path` (absolute) and `start` (the body's offset in the normalized text) say where
 * to read it back, and `markup` whether that body holds anything the Markdown rules look for
 * (post-bodies.ts `mayNeedMarkdownCheck`): the warnings stage reads back only those.
 */
export interface SourceText {
  body?: string;
  hash: string;
  path?: string;
  start?: number;
  markup?: boolean;
}

// Blog listing: breadcrumb, heading, the blog-listing island (search, topics, featured,
// grid, pagination) and a plain list of every article so all are reachable without JS.
import { Island } from '../../src/islands/island.tsx';
import BlogListing from '../islands/blog-listing.tsx';
import { ArchivePages, ArticleIndex } from '../components/ArticleIndex.tsx';
import { BlogHead } from '../components/BlogHead.tsx';
import { responsiveImage, slotImage, type ResponsiveImage } from '../components/Picture.tsx';
import { BLOG_CARD_SIZES, FEATURED_SIZES } from '../components/image-sizes.ts';
import { useContext } from 'react';
import { ImageManifestContext, useImageRecorder } from '../../src/images/image-context.ts';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps, PostSummary } from '../types.ts';

export interface BlogListProps extends PageProps {
  /** Every post, or (a large blog) the featured one and the first page's. */
  posts: PostSummary[];
  /** Number of posts in all. */
  total: number;
  /** Where the island fetches every post's listing fields when `posts` is not all of them. */
  index?: string;
  tags: string[];
  /** Every cover path of the blog. */
  coverImages: string[];
  /** The posts the plain 'All Articles' list shows (the newest, on a large blog). */
  articles: PostSummary[];
  /** Archive pages listing every post (a large blog). */
  archive: string[];
}

export function BlogList(props: BlogListProps) {
  const { posts, total, index, tags, coverImages, articles, archive, breadcrumbs, layout } = props;
  // The island renders covers in the browser, where the manifest is not: it gets the variants
  // of each distinct cover once (posts share a few covers), keyed by the cover's path.
  const manifest = useContext(ImageManifestContext);
  const covers: Record<string, ResponsiveImage> = {};
  const record = useImageRecorder();
  for (const cover of coverImages) {
    const entry = manifest[cover];
    if (!entry) continue;
    // The island may show any cover in the browser, featured or as a card: it gets the widths
    // either slot can pick, and they are part of the site (recorded; those on the first screen
    // are recorded again as shown).
    const image = (covers[cover] = slotImage(responsiveImage(entry), FEATURED_SIZES, BLOG_CARD_SIZES));
    record({ photo: cover, src: image.src, avif: image.avif, jpeg: image.jpeg, sizes: FEATURED_SIZES, loading: 'lazy', priority: false, shown: false });
  }
  return (
    <Layout {...props}>
      <BlogHead crumbs={breadcrumbs} title="Upholstery Insights & Resources">
        Guides, care tips and trends in automotive, furniture and leather upholstery from our Rio Rancho workshop.
      </BlogHead>
      <div className="container blog-listing">
        {/* Hydrates when visible, which it is at the first paint: its code (React) loads after
            the stylesheet and fonts instead of delaying the first paint on a slow phone. Text
            typed and buttons tapped before then are replayed once it has mounted. */}
        <Island name="blog-listing" component={BlogListing} props={{ posts, tags, covers, total, index, tagLabels: layout.site.tagLabels }} when="visible" />
      </div>
      <section className="section section-alt all-articles" aria-labelledby="all-articles-title">
        <div className="container">
          <h2 id="all-articles-title">All Articles</h2>
          <ArticleIndex posts={articles} />
          {archive.length > 0 && (
            <ArchivePages pages={archive} label="All articles, by page">
              <p>The newest {articles.length} of {total} articles. Every article, newest first:</p>
            </ArchivePages>
          )}
        </div>
      </section>
    </Layout>
  );
}

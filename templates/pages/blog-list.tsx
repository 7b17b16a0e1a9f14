// Blog listing: breadcrumb, heading, the blog-listing island (search, topics, featured,
// grid, pagination) and a plain list of every article so all are reachable without JS.
import { Island } from '../../src/islands/island.tsx';
import BlogListing from '../islands/blog-listing.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { responsiveImage, type ResponsiveImage } from '../components/Picture.tsx';
import { useContext } from 'react';
import { ImageManifestContext } from '../../src/images/image-context.ts';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps, PostSummary } from '../types.ts';

export interface BlogListProps extends PageProps {
  posts: PostSummary[];
  tags: string[];
}

export function BlogList(props: BlogListProps) {
  const { posts, tags, breadcrumbs } = props;
  // The island renders covers in the browser, where the manifest is not: it gets the variants
  // of each distinct cover once (posts share a few covers), keyed by the cover's path.
  const manifest = useContext(ImageManifestContext);
  const covers: Record<string, ResponsiveImage> = {};
  for (const p of posts) {
    const entry = p.coverImage ? manifest[p.coverImage] : undefined;
    if (entry && !covers[p.coverImage!]) covers[p.coverImage!] = responsiveImage(entry);
  }
  return (
    <Layout {...props}>
      <div className="blog-head">
        <div className="container">
          <Breadcrumbs crumbs={breadcrumbs} />
          <p className="eyebrow">The Sandia journal</p>
          <h1>Upholstery Insights &amp; Resources</h1>
          <p className="lead">Guides, care tips and trends in automotive, furniture and leather upholstery from our Rio Rancho workshop.</p>
        </div>
      </div>
      <div className="container blog-listing">
        <Island name="blog-listing" component={BlogListing} props={{ posts, tags, covers }} />
      </div>
      <section className="section section-alt all-articles" aria-labelledby="all-articles-title">
        <div className="container">
          <h2 id="all-articles-title">All Articles</h2>
          <ul className="article-index">
            {posts.map((p) => (
              <li key={p.slug}>
                <a href={`/blog/${p.slug}`}>{p.title}</a>
                <span className="muted"><time dateTime={p.date}>{p.dateLabel}</time> · {p.readingTime} min read</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </Layout>
  );
}

// An archive page of a large blog (/blog/archive/N): a plain list of its articles, newest
// first, so every article is reachable without JavaScript while /blog stays light.
import { ArchivePages, ArticleIndex } from '../components/ArticleIndex.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps, PostSummary } from '../types.ts';

export interface BlogArchiveProps extends PageProps {
  posts: PostSummary[];
  /** This page's number (1 = newest). */
  page: number;
  /** Every archive page, in order. */
  pages: string[];
}

export function BlogArchive(props: BlogArchiveProps) {
  const { posts, page, pages, breadcrumbs } = props;
  return (
    <Layout {...props}>
      <div className="blog-head">
        <div className="container">
          <Breadcrumbs crumbs={breadcrumbs} />
          <p className="eyebrow">The Sandia journal</p>
          <h1>All Articles</h1>
          <p className="lead">Page {page} of {pages.length}, newest first. <a href="/blog">Search and filter the blog</a>.</p>
        </div>
      </div>
      <section className="section all-articles" aria-label={`Articles, page ${page}`}>
        <div className="container">
          <ArticleIndex posts={posts} />
          <ArchivePages pages={pages} current={page} label="Archive pages" />
        </div>
      </section>
    </Layout>
  );
}

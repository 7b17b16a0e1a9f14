// An archive page of a large blog (/blog/archive/N): a plain list of its articles, newest
// first, so every article is reachable without JavaScript while /blog stays light.
import { ArchivePages, ArticleIndex } from '../components/ArticleIndex.tsx';
import { BlogHead } from '../components/BlogHead.tsx';
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
      <BlogHead crumbs={breadcrumbs} title="All Articles">
        Page {page} of {pages.length}, newest first. <a href="/blog">Search and filter the blog</a>.
      </BlogHead>
      <section className="section all-articles" aria-label={`Articles, page ${page}`}>
        <div className="container">
          <ArticleIndex posts={posts} />
          <ArchivePages pages={pages} current={page} label="Archive pages" />
        </div>
      </section>
    </Layout>
  );
}

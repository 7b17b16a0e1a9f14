// An archive page of a large blog (/blog/archive/N): a plain list of its articles, newest
// first, so every article is reachable without JavaScript while /blog stays light.
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
          <ul className="article-index">
            {posts.map((p) => (
              <li key={p.slug}>
                <a href={`/blog/${p.slug}`}>{p.title}</a>
                <span className="muted"><time dateTime={p.date}>{p.dateLabel}</time> · {p.readingTime} min read</span>
              </li>
            ))}
          </ul>
          <nav className="article-archive" aria-label="Archive pages">
            <ul>
              {pages.map((href, i) => (
                <li key={href}>{i + 1 === page ? <a href={href} aria-current="page">Page {i + 1}</a> : <a href={href}>Page {i + 1}</a>}</li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
    </Layout>
  );
}

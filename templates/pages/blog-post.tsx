// Blog article: breadcrumb, tag badges, title, description, date (and the day it was updated), reading time, author,
// share button, cover image, the article body, tags footer and up to 3 related articles.
import { Island } from '../../src/islands/island.tsx';
import ShareButton from '../islands/share-button.tsx';
import { StatusBadge, TagList, type TagLabels } from '../components/Badge.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Icon } from '../components/Icon.tsx';
import { Img } from '../components/Img.tsx';
import { SIZES } from '../components/image-sizes.ts';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps, PostSummary } from '../types.ts';

export interface BlogPostProps extends PageProps {
  post: PostSummary & { html: string };
  related: PostSummary[];
}

export function PostCard({ post, labels }: { post: PostSummary; labels?: TagLabels }) {
  return (
    <article className="card post-card">
      {post.coverImage && <Img src={post.coverImage} alt={`Cover image for ${post.title}`} sizes={SIZES.card} />}
      <div className="card-body">
        <StatusBadge status={post.status} dateLabel={post.dateLabel} />
        <TagList tags={post.tags} limit={2} labels={labels} />
        <h3><a className="card-link" href={`/blog/${post.slug}`}>{post.title}</a></h3>
        <p>{post.description}</p>
        <p className="post-meta">
          <span><Icon name="calendar" /><time dateTime={post.date}>{post.dateLabel}</time></span>{' '}
          <span><Icon name="clock" />{post.readingTime} min read</span>
        </p>
      </div>
    </article>
  );
}

export function BlogPost(props: BlogPostProps) {
  const { post, related, breadcrumbs, layout } = props;
  const labels = layout.site.tagLabels;
  return (
    <Layout {...props}>
      <article className="post" aria-labelledby="post-title">
        <header className="post-header container-narrow">
          <Breadcrumbs crumbs={breadcrumbs} />
          {post.status && <p className="post-status"><StatusBadge status={post.status} dateLabel={post.dateLabel} /></p>}
          <TagList tags={post.tags} labels={labels} />
          <h1 id="post-title">{post.title}</h1>
          <p className="lead">{post.description}</p>
          <div className="post-byline">
            <p className="post-meta">
              <span><Icon name="calendar" /><time dateTime={post.date}>{post.dateLabel}</time></span>{' '}
              {post.updatedLabel && <><span className="post-updated"><Icon name="refresh" /><time dateTime={post.updated}>{`Updated ${post.updatedLabel}`}</time></span>{' '}</>}
              <span><Icon name="clock" />{post.readingTime} min read</span>{' '}
              <span><Icon name="user" />By {post.author}</span>
            </p>
            <Island name="share-button" component={ShareButton} props={{ title: post.title, description: post.description }} when="idle" />
          </div>
        </header>
        {post.coverImage && (
          <div className="post-cover container">
            <Img src={post.coverImage} alt={`Cover image for ${post.title}`} priority sizes={SIZES.cover} className="rounded" />
          </div>
        )}
        <div className="container-narrow">
          <div className="prose post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
          <footer className="post-footer">
            <h2 className="post-footer-title"><Icon name="tag" />Tags</h2>
            <TagList tags={post.tags} labels={labels} />
            <a className="back-link" href="/blog"><Icon name="arrow-left" />Back to all articles</a>
          </footer>
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section-alt" aria-labelledby="related-title">
          <div className="container">
            <h2 id="related-title">Related Articles</h2>
            <ul className="grid grid-3 related-posts">
              {related.map((r) => <li key={r.slug}><PostCard post={r} labels={labels} /></li>)}
            </ul>
          </div>
        </section>
      )}
      <QuoteCta title="Have Questions About Your Upholstery?" text="Our team is happy to look at photos and recommend the right repair, material or detailing service." phone={layout.site.phone} />
    </Layout>
  );
}

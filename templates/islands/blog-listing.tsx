// The blog listing (spec §2 Blog listing, §4, §5, §8): search over title, description and
// tags (case-insensitive) AND an exact topic, the `tag` query parameter kept in sync, a
// featured article on the unfiltered first page, six cards per page with numbered pages.
// Without JavaScript the filters and pages are hidden; the page template lists every
// article as a plain link (the 'All Articles' section and, on a large blog, archive pages).
// A large blog's page carries only the first screen of posts (`total` says how many there
// are): the other posts' listing fields come from `index`, fetched once when a search, a
// topic or a page other than the first needs them.
import { useEffect, useRef, useState } from 'react';
import type { PostSummary } from '../types.ts';
import { Picture, type ResponsiveImage } from '../components/Picture.tsx';
import { useImageRecorder } from '../../src/images/image-context.ts';
import { BLOG_CARD_SIZES, FEATURED_SIZES } from '../components/image-sizes.ts';
import { StatusBadge, tagLabel, type TagLabels } from '../components/Badge.tsx';

export interface BlogListingProps {
  posts: PostSummary[];
  /** Sorted unique tags of all posts. */
  tags: string[];
  /** Responsive variants of the covers, by cover path (a cover without any shows its original). */
  covers?: Record<string, ResponsiveImage>;
  /** Number of posts in all (default: `posts.length`). */
  total?: number;
  /** URL of every post's listing fields (JSON), when `posts` is only the first screen. */
  index?: string;
  /** Labels of tags the usual rule gets wrong (site.yaml `tagLabels`). */
  tagLabels?: TagLabels;
}

export const PAGE_SIZE = 6;

export function matches(post: PostSummary, search: string, tag: string | null): boolean {
  const q = search.trim().toLowerCase();
  const text = !q || post.title.toLowerCase().includes(q) || post.description.toLowerCase().includes(q) || post.tags.some((t) => t.toLowerCase().includes(q));
  return text && (!tag || post.tags.includes(tag));
}

/** Page numbers to show: first, last, current and its neighbours; 0 marks a gap. */
export function pageItems(current: number, total: number): number[] {
  const out: number[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= 1) {
      if (out.length && p - out[out.length - 1] > 1) out.push(0);
      out.push(p);
    }
  }
  return out;
}

const urlTag = () => new URLSearchParams(location.search).get('tag') || null;

function setUrl(tag: string | null, clearAll = false) {
  const url = new URL(location.href);
  if (clearAll) url.search = '';
  else if (tag) url.searchParams.set('tag', tag);
  else url.searchParams.delete('tag');
  const next = url.pathname + url.search + url.hash;
  if (next !== location.pathname + location.search + location.hash) history.pushState(null, '', next);
}

function Tags({ tags, max, labels }: { tags: string[]; max: number; labels?: TagLabels }) {
  return tags.length ? <ul className="bl-tags">{tags.slice(0, max).map((t) => <li key={t} className="badge">{tagLabel(t, labels)}</li>)}</ul> : null;
}

function Meta({ post }: { post: PostSummary }) {
  return <p className="bl-meta"><time dateTime={post.date}>{post.dateLabel}</time><span aria-hidden="true"> · </span><span>{post.readingTime} min read</span></p>;
}

function Cover({ post, image, featured }: { post: PostSummary; image?: ResponsiveImage; featured?: boolean }) {
  const record = useImageRecorder();
  if (!post.coverImage) return null;
  const loading = featured ? 'eager' : 'lazy';
  if (!image) record({ photo: post.coverImage, src: post.coverImage, loading, priority: false, shown: true });
  if (image) return <Picture image={image} alt="" sizes={featured ? FEATURED_SIZES : BLOG_CARD_SIZES} loading={loading} className="bl-cover" photo={post.coverImage} />;
  return <span className="img-frame bl-cover"><img className="fade-img" src={post.coverImage} alt="" width={1600} height={1000} loading={loading} decoding="async" /></span>;
}

export default function BlogListing({ posts: firstScreen, tags, covers = {}, total, index, tagLabels }: BlogListingProps) {
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [ready, setReady] = useState(false);
  const [all, setAll] = useState<PostSummary[] | undefined>(index ? undefined : firstScreen);
  const [loadFailed, setLoadFailed] = useState(false);
  const latest = useRef<HTMLElement>(null);
  const posts = all ?? firstScreen;
  const count = all ? all.length : total ?? firstScreen.length;
  const searching = search.trim() !== '';
  // Unfiltered, the first post is the featured article (shown on page 1) and the pages hold
  // the others, so no article appears twice.
  const unfiltered = !searching && !tag;
  // Anything but the first unfiltered page needs every post.
  const waiting = !all && (!unfiltered || page > 1);

  useEffect(() => {
    if (!waiting || !index || loadFailed) return;
    let live = true;
    fetch(index)
      .then((response) => {
        if (!response.ok) throw new Error(`${index} answered ${response.status}`);
        return response.json() as Promise<PostSummary[]>;
      })
      .then((list) => { if (live) setAll(list); })
      .catch((error: unknown) => {
        console.error('Could not load the articles:', error);
        if (live) setLoadFailed(true);
      });
    return () => { live = false; };
  }, [waiting, index, loadFailed]);

  useEffect(() => {
    setReady(true);
    const sync = () => { setTag(urlTag()); setPage(1); };
    sync();
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);

  if (posts.length === 0) {
    return <div className="bl-root blog-empty-library" role="note"><p><strong>No blog posts found.</strong> Add Markdown files to <code>content/blog/</code> (front matter: title, description, date, author, tags) and rebuild the site.</p></div>;
  }

  const chooseTag = (t: string) => {
    const next = t === tag ? null : t;
    setTag(next);
    setPage(1);
    setUrl(next);
  };
  const clearAll = () => {
    setTag(null);
    setSearch('');
    setPage(1);
    setUrl(null, true);
  };
  const goTo = (p: number) => {
    setPage(p);
    latest.current?.scrollIntoView({ block: 'start' });
  };

  const found = unfiltered ? posts.slice(1) : posts.filter((p) => matches(p, search, tag));
  const foundCount = unfiltered ? Math.max(0, count - 1) : found.length;
  const pages = Math.max(1, Math.ceil(foundCount / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const featured = current === 1 && unfiltered ? posts[0] : undefined;
  const href = (p: PostSummary) => `/blog/${p.slug}`;

  return (
    <div className="bl-root" data-ready={ready ? 'true' : undefined}>
      <div className="blog-filters">
        <div className="blog-search">
          <label htmlFor="blog-search" className="visually-hidden">Search articles</label>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><circle cx="11" cy="11" r="7" /><path d="M20 20l-3.5-3.5" /></svg>
          <input id="blog-search" type="search" placeholder="Search articles by keyword or topic..." value={search} disabled={!ready}
            onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </div>
        {/* The group (not the list, where html-validate rejects aria-labelledby) is named by the label. */}
        <div className="blog-topics" role="group" aria-labelledby="blog-topics-label">
          <p id="blog-topics-label" className="blog-topics-label">Filter by topic:</p>
          <ul className="blog-topic-list">
            {tags.map((t) => (
              <li key={t}><button type="button" className="badge blog-topic" aria-pressed={t === tag} disabled={!ready} onClick={() => chooseTag(t)}>{tagLabel(t, tagLabels)}</button></li>
            ))}
          </ul>
        </div>
        {(tag || searching) && (
          <div className="blog-active">
            <span>Active filters:</span>
            {tag && <span className="badge badge-active">Topic: {tagLabel(tag, tagLabels)}</span>}
            {searching && <span className="badge badge-active">Search: “{search.trim()}”</span>}
            <button type="button" className="blog-clear" onClick={clearAll}>Clear all</button>
          </div>
        )}
      </div>

      {featured && (
        <section className="blog-featured" aria-labelledby="blog-featured-title">
          <h2 id="blog-featured-title">Featured Article</h2>
          <article className="card bl-featured-card">
            <Cover post={featured} image={covers[featured.coverImage ?? '']} featured />
            <div className="bl-featured-body">
              <StatusBadge status={featured.status} dateLabel={featured.dateLabel} />
              <Tags tags={featured.tags} max={3} labels={tagLabels} />
              <h3><a href={href(featured)}>{featured.title}</a></h3>
              <p>{featured.description}</p>
              <Meta post={featured} />
              <a className="btn btn-primary" href={href(featured)} aria-describedby="blog-featured-title">Read Article</a>
            </div>
          </article>
        </section>
      )}

      <section className="blog-latest" aria-labelledby="blog-latest-title" ref={latest}>
        <h2 id="blog-latest-title">{tag ? `Articles tagged ${tag}` : 'Latest Articles'}</h2>
        <p className="visually-hidden" role="status">{unfiltered || waiting ? '' : `${found.length} ${found.length === 1 ? 'article' : 'articles'} found`}</p>
        {waiting ? (
          <div className="blog-loading" role="status">
            {loadFailed
              ? <>
                <p>The articles could not be loaded. Please try again, or browse every article in the list below.</p>
                <button type="button" className="btn btn-outline" onClick={() => setLoadFailed(false)}>Try again</button>
              </>
              : <p>Loading articles…</p>}
          </div>
        ) : shown.length === 0 && !featured ? (
          <div className="blog-empty">
            <h3>No articles found</h3>
            <p>{searching || !tag ? 'No articles found matching your search criteria.' : `No articles found with the tag "${tag}".`}</p>
            <button type="button" className="btn btn-outline" onClick={clearAll}>Clear filters and view all articles</button>
          </div>
        ) : (
          <ul className="blog-grid">
            {shown.map((post) => (
              <li key={post.slug}>
                <article className="card bl-card">
                  <Cover post={post} image={covers[post.coverImage ?? '']} />
                  <div className="bl-card-body">
                    <StatusBadge status={post.status} dateLabel={post.dateLabel} />
                    <Tags tags={post.tags} max={2} labels={tagLabels} />
                    <h3 id={`post-${post.slug}`}><a href={href(post)}>{post.title}</a></h3>
                    <p>{post.description}</p>
                    <Meta post={post} />
                    <a className="bl-more" href={href(post)} aria-describedby={`post-${post.slug}`}>Continue Reading →</a>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {!waiting && pages > 1 && (
          <nav className="pagination" aria-label="Pagination">
            <button type="button" className="btn btn-outline" disabled={!ready || current === 1} onClick={() => goTo(current - 1)}>Previous</button>
            <ul>
              {pageItems(current, pages).map((p, i) => p === 0
                ? <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">…</li>
                : <li key={p}><button type="button" className="pagination-page" aria-label={`Page ${p}`} aria-current={p === current ? 'page' : undefined} disabled={!ready} onClick={() => goTo(p)}>{p}</button></li>)}
            </ul>
            <button type="button" className="btn btn-outline" disabled={!ready || current === pages} onClick={() => goTo(current + 1)}>Next</button>
          </nav>
        )}
      </section>
    </div>
  );
}

// The plain list of articles (title link, date, reading time) that keeps every article
// reachable without JavaScript, and the links to the archive pages of a large blog.
import type { ReactNode } from 'react';
import type { PostSummary } from '../types.ts';
import { StatusBadge } from './Badge.tsx';

export function ArticleIndex({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="article-index">
      {posts.map((p) => (
        <li key={p.slug}>
          <a href={`/blog/${p.slug}`}>{p.title}</a>
          <StatusBadge status={p.status} dateLabel={p.dateLabel} />
          <span className="muted"><time dateTime={p.date}>{p.dateLabel}</time> · {p.readingTime} min read</span>
        </li>
      ))}
    </ul>
  );
}

/** Links to every archive page; `current` (1-based) is marked as the page shown. */
export function ArchivePages({ pages, current, label, children }: { pages: string[]; current?: number; label: string; children?: ReactNode }) {
  return (
    <nav className="article-archive" aria-label={label}>
      {children}
      <ul>
        {pages.map((href, i) => (
          <li key={href}><a href={href} aria-current={i + 1 === current ? 'page' : undefined}>Page {i + 1}</a></li>
        ))}
      </ul>
    </nav>
  );
}

// Small pill labels; a tag badge links to the blog listing filtered by that tag.
import type { ReactNode } from 'react';

export function Badge({ children, href }: { children: ReactNode; href?: string }) {
  return href ? <a className="badge" href={href}>{children}</a> : <span className="badge">{children}</span>;
}

/** Labels of tags the usual rule gets wrong, by tag (site.yaml `tagLabels`). */
export type TagLabels = Readonly<Record<string, string>>;

/** The label site.yaml gives the tag, else the spec's rule: 'car-interior' → 'Car Interior'. */
export function tagLabel(tag: string, labels: TagLabels = {}): string {
  if (Object.hasOwn(labels, tag)) return labels[tag];
  return tag.split('-').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

export function tagHref(tag: string): string {
  return `/blog?tag=${encodeURIComponent(tag)}`;
}

export function TagList({ tags, limit, labels }: { tags: string[]; limit?: number; labels?: TagLabels }) {
  const shown = limit ? tags.slice(0, limit) : tags;
  if (!shown.length) return null;
  return (
    <ul className="badge-list">
      {shown.map((tag) => <li key={tag}><Badge href={tagHref(tag)}>{tagLabel(tag, labels)}</Badge></li>)}
    </ul>
  );
}

/**
 * "Draft" or "Scheduled for <date>" on a post that is not published yet: only dev and a
 * `build --drafts` preview show such posts (src/content/publication.ts).
 */
export function StatusBadge({ status, dateLabel }: { status?: 'draft' | 'scheduled'; dateLabel: string }) {
  if (!status) return null;
  return <span className="badge badge-status" data-status={status}>{status === 'draft' ? 'Draft' : `Scheduled for ${dateLabel}`}</span>;
}

// The head of the blog's listing pages (/blog and its archive pages): breadcrumb, eyebrow,
// heading and lead.
import type { ReactNode } from 'react';
import type { Crumb } from '../types.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';

export function BlogHead({ crumbs, title, children }: { crumbs?: Crumb[]; title: string; children: ReactNode }) {
  return (
    <div className="blog-head">
      <div className="container">
        <Breadcrumbs crumbs={crumbs} />
        <p className="eyebrow">The Sandia journal</p>
        <h1>{title}</h1>
        <p className="lead">{children}</p>
      </div>
    </div>
  );
}

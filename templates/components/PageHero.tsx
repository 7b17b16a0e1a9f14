// The dark band that opens every non-blog page (the transparent header sits over it):
// breadcrumbs, the page's h1, a lead paragraph, optional actions and background photo.
import type { ReactNode } from 'react';
import type { Crumb } from '../types.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Img } from './Img.tsx';

export interface PageHeroProps {
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  crumbs?: Crumb[];
  image?: string;
  imageAlt?: string;
  children?: ReactNode;
  size?: 'default' | 'compact';
}

export function PageHero({ title, lead, eyebrow, crumbs, image, imageAlt = '', children, size = 'default' }: PageHeroProps) {
  return (
    <div className={`page-hero on-dark${size === 'compact' ? ' page-hero-compact' : ''}${image ? ' has-image' : ''}`}>
      {image && <Img src={image} alt={imageAlt} priority className="page-hero-bg" />}
      <div className="container page-hero-inner">
        <Breadcrumbs crumbs={crumbs} />
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

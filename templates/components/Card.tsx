// Cards: an image card linking somewhere (the whole card is clickable through its one link),
// and a feature card with an icon.
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { Img } from './Img.tsx';
import { SIZES } from './image-sizes.ts';

export interface LinkCardProps {
  href: string;
  title: string;
  text?: string;
  image?: string;
  alt?: string;
  icon?: string;
  /** Visible call to action at the bottom; the link itself is the title unless `moreIsLink`. */
  more?: string;
  /** Make the "more" text the link (e.g. 'Learn More'), with the title for screen readers. */
  moreIsLink?: boolean;
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** The image's slot width (a `sizes` value); a .grid card by default. */
  sizes?: string;
  children?: ReactNode;
}

export function LinkCard({ href, title, text, image, alt, icon, more = 'Learn more', moreIsLink = false, headingLevel = 3, eager, sizes = SIZES.card, children }: LinkCardProps) {
  const H = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <article className="card">
      {image && <Img src={image} alt={alt ?? ''} eager={eager} sizes={sizes} />}
      <div className="card-body">
        {icon && <span className="card-icon"><Icon name={icon} /></span>}
        <H>{moreIsLink ? title : <a className="card-link" href={href}>{title}</a>}</H>
        {text && <p>{text}</p>}
        {children}
        {moreIsLink ? (
          <a className="card-more card-link" href={href}>{more}<span className="visually-hidden"> about {title}</span><Icon name="arrow-right" /></a>
        ) : (
          <span className="card-more" aria-hidden="true">{more}<Icon name="arrow-right" /></span>
        )}
      </div>
    </article>
  );
}

export function FeatureCard({ icon, title, text, headingLevel = 3 }: { icon: string; title: string; text: string; headingLevel?: 3 | 4 }) {
  const H = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <div className="feature">
      <span className="card-icon"><Icon name={icon} /></span>
      <H>{title}</H>
      <p>{text}</p>
    </div>
  );
}

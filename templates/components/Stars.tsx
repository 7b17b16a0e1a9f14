import { Icon } from './Icon.tsx';

/** A row of filled stars; the label says the rating for screen readers. */
export function Stars({ count = 5, label }: { count?: number; label?: string }) {
  return (
    <span className="stars" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {Array.from({ length: count }, (_, i) => <Icon key={i} name="star" />)}
    </span>
  );
}

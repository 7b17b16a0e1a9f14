// A page section with an optional heading block; labelled by its heading.
import type { ReactNode } from 'react';

export interface SectionProps {
  id: string;
  title?: ReactNode;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: 'default' | 'alt' | 'dark';
  center?: boolean;
  narrow?: boolean;
  className?: string;
  children?: ReactNode;
}

export function Section({ id, title, eyebrow, intro, tone = 'default', center = false, narrow = false, className, children }: SectionProps) {
  const headingId = `${id}-title`;
  const classes = ['section', tone === 'alt' ? 'section-alt' : '', tone === 'dark' ? 'section-dark on-dark' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section id={id} className={classes} aria-labelledby={title ? headingId : undefined}>
      <div className={narrow ? 'container-narrow' : 'container'}>
        {title && (
          <div className={center ? 'section-head center' : 'section-head'}>
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <h2 id={headingId}>{title}</h2>
            {intro && (typeof intro === 'string' ? <p>{intro}</p> : intro)}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** Splits a plain text field into its paragraphs (blank line between them). */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

export function Paragraphs({ text, className }: { text: string | string[]; className?: string }) {
  const list = Array.isArray(text) ? text : paragraphs(text);
  return <>{list.map((p, i) => <p key={i} className={className}>{p}</p>)}</>;
}

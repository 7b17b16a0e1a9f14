// The call-to-action band closing most pages: a quote link to /contact and a call button.
import type { ReactNode } from 'react';
import { CallButton, QuoteButton } from './Button.tsx';

export interface QuoteCtaProps {
  title: string;
  text?: ReactNode;
  phone: string;
  quoteLabel?: string;
  id?: string;
}

export function QuoteCta({ title, text, phone, quoteLabel = 'Get a Free Quote', id = 'cta' }: QuoteCtaProps) {
  return (
    <section className="cta-band on-dark" aria-labelledby={`${id}-title`}>
      <div className="container cta-inner">
        <div className="cta-copy">
          <h2 id={`${id}-title`}>{title}</h2>
          {text && <p>{text}</p>}
        </div>
        <div className="btn-row">
          <QuoteButton size="lg">{quoteLabel}</QuoteButton>
          <CallButton phone={phone} variant="ghost-light" size="lg" />
        </div>
      </div>
    </section>
  );
}

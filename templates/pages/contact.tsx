// Contact: address, phone, hours, map and the 'Request a Quote' form (contact-quote island).
import { Island } from '../../src/islands/island.tsx';
import ContactQuote from '../islands/contact-quote.tsx';
import { ContactCards } from '../components/ContactCards.tsx';
import { MapEmbed } from '../components/MapEmbed.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { fullAddress, quoteProps } from '../components/business.ts';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps } from '../types.ts';

export function Contact(props: PageProps) {
  const { layout } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero eyebrow="Get in touch" title="Contact Us" lead="Call, e-mail or send a request for a free quote. We answer within one business day." size="compact" />
      <section className="section" aria-label="Contact details and quote form">
        <div className="container contact-layout">
          {/* The form comes first in the source, as it is shown on phones (a page painted
              before it is fully parsed must not insert it above the details); wide screens
              place it in the right-hand column. It hydrates when visible, which it is at the
              first paint: its code (React) loads after the stylesheet and fonts instead of
              competing with them for the first paint. Under 768 px the form is behind the
              'Request a Free Quote' button: its code loads when that button is tapped, so a
              phone does not run React for a form it may never open. */}
          <div className="contact-form card">
            <Island name="contact-quote" component={ContactQuote} props={quoteProps(layout)} when="visible" media="(min-width: 768px)" />
          </div>
          <div className="contact-info">
            <h2>Visit or Call Our Shop</h2>
            <ContactCards site={site} hours variant="list" />
            <MapEmbed geo={site.geo} title={`Map of ${site.name} at ${fullAddress(site)}`} />
          </div>
        </div>
      </section>
    </Layout>
  );
}

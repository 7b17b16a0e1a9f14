// Not-found page: 'Page Not Found', helpful links, the not-found island (the message for
// the path's pattern, prefix redirects), a quote form and phone and e-mail contact.
import { Island } from '../../src/islands/island.tsx';
import NotFoundMessage from '../islands/not-found.tsx';
import QuoteForm from '../islands/quote-form.tsx';
import { telHref } from '../components/Button.tsx';
import { quoteProps } from '../components/business.ts';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps } from '../types.ts';

const LINKS = [
  { href: '/', label: 'Home', text: 'Start from our home page', icon: 'home' },
  { href: '/services/automotive-upholstery', label: 'Services', text: 'Automotive and all upholstery services', icon: 'car' },
  { href: '/gallery', label: 'Gallery', text: 'Photos of recent projects', icon: 'image' },
  { href: '/locations', label: 'Locations', text: 'The areas we serve', icon: 'map-pin' },
  { href: '/contact', label: 'Contact', text: 'Call, e-mail or visit us', icon: 'message' },
  { href: '/blog', label: 'Blog', text: 'Upholstery tips and guides', icon: 'tag' },
];

export function NotFound(props: PageProps) {
  const { layout } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero eyebrow="Error 404" title="Page Not Found" lead="The page you are looking for may have moved or no longer exists." size="compact">
        <Island name="not-found" component={NotFoundMessage} props={{ prefixRedirects: layout.prefixRedirects }} />
      </PageHero>
      <section className="section" aria-labelledby="nf-links-title">
        <div className="container nf-layout">
          <div>
            <h2 id="nf-links-title">Helpful Links</h2>
            <ul className="nf-links">
              {LINKS.map((l) => (
                <li key={l.href}>
                  <a href={l.href}><span className="card-icon"><Icon name={l.icon} /></span><span><strong>{l.label}</strong><span className="muted">{l.text}</span></span></a>
                </li>
              ))}
            </ul>
            <h2 className="nf-contact-title">Talk to Us</h2>
            <ul className="nf-contact">
              <li><Icon name="phone" /><a href={telHref(site.phone)}>{site.phone}</a></li>
              <li><Icon name="mail" /><a href={`mailto:${site.email}`}>{site.email}</a></li>
            </ul>
          </div>
          <div className="card card-padded nf-quote">
            <h2>Request a Free Quote</h2>
            <p>Tell us about your project and we will get back to you within one business day.</p>
            <Island name="quote-form" component={QuoteForm} props={{ ...quoteProps(layout), idPrefix: 'nf-quote' }} when="idle" />
          </div>
        </div>
      </section>
    </Layout>
  );
}

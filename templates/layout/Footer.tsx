// Footer: brand, Services, Quick Links, Contact Us, legal links and the copyright.
import type { LayoutData } from '../types.ts';
import { telHref } from '../components/Button.tsx';
import { fullAddress, hoursRows } from '../components/business.ts';
import { Icon } from '../components/Icon.tsx';
import { directionsUrl } from '../components/MapEmbed.tsx';
import { Stars } from '../components/Stars.tsx';
import { Brand } from './Brand.tsx';
import { FloatingActions } from './FloatingActions.tsx';

export function Footer({ layout }: { layout: LayoutData }) {
  const { site } = layout;
  return (
    <footer className="site-footer on-dark">
      <div className="container footer-top">
        <div className="footer-brand">
          <Brand name={site.name} />
          <p>{site.tagline}.</p>
          <p className="footer-rating">
            <Stars label={`Rated ${site.rating.value} out of 5`} />
            <span>{site.rating.value} from {site.rating.count} reviews</span>
          </p>
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">Services</h2>
          <ul>
            {layout.categories.map((c) => <li key={c.id}><a href={c.href}>{c.title}</a></li>)}
            <li><a href="/detailing-services">Detailing Services</a></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <ul>
            <li><a href="/">Home</a></li>
            <li><a href="/about">About Us</a></li>
            <li><a href="/gallery">Gallery</a></li>
            <li><a href="/locations">Service Areas</a></li>
            <li><a href="/blog">Blog</a></li>
            <li><a href="/contact">Contact</a></li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Us</h2>
          <ul className="footer-contact">
            <li><Icon name="map-pin" /><a href={directionsUrl(fullAddress(site))} target="_blank" rel="noopener noreferrer">{site.address.street}<br />{site.address.city}, {site.address.region} {site.address.postalCode}<span className="visually-hidden"> (directions, opens in a new tab)</span></a></li>
            <li><Icon name="phone" /><a href={telHref(site.phone)}>{site.phone}</a></li>
            <li><Icon name="mail" /><a href={`mailto:${site.email}`}>{site.email}</a></li>
            <li><Icon name="clock" /><span>{hoursRows(site).map((r) => <span key={r.days} className="footer-hours">{r.days}: {r.hours}</span>)}</span></li>
          </ul>
        </section>
      </div>
      <div className="container footer-bottom">
        <p>© {layout.year} {site.name}. All rights reserved.</p>
        <nav className="footer-legal" aria-label="Legal">
          <ul>
            <li><a href="/privacy">Privacy Policy</a></li>
            <li><a href="/terms">Terms of Service</a></li>
          </ul>
        </nav>
      </div>
      <FloatingActions phone={site.phone} />
    </footer>
  );
}

// Contact cards (address, phone, e-mail, optionally hours) and an hours list.
import type { SiteData } from '../types.ts';
import { telHref } from './Button.tsx';
import { directionsUrl } from './MapEmbed.tsx';
import { fullAddress, hoursRows } from './business.ts';
import { Icon } from './Icon.tsx';

export function HoursList({ site }: { site: SiteData }) {
  return (
    <dl className="hours">
      {hoursRows(site).map((r) => (
        <div key={r.days}><dt>{r.days}</dt><dd>{r.hours}</dd></div>
      ))}
    </dl>
  );
}

/** `list` stacks the cards as rows of one panel (for narrow columns). */
export function ContactCards({ site, hours = false, headingLevel = 3, variant = 'cards' }: { site: SiteData; hours?: boolean; headingLevel?: 2 | 3; variant?: 'cards' | 'list' }) {
  const H = `h${headingLevel}` as 'h2' | 'h3';
  const address = fullAddress(site);
  return (
    <ul className={variant === 'list' ? 'contact-cards contact-list' : 'contact-cards'}>
      <li className="contact-card">
        <span className="card-icon"><Icon name="map-pin" /></span>
        <div>
          <H>Address</H>
          <address>{site.address.street}<br />{site.address.city}, {site.address.region} {site.address.postalCode}</address>
          <a href={directionsUrl(address)} target="_blank" rel="noopener noreferrer">Get directions<span className="visually-hidden"> (opens in a new tab)</span></a>
        </div>
      </li>
      <li className="contact-card">
        <span className="card-icon"><Icon name="phone" /></span>
        <div>
          <H>Phone</H>
          <p><a href={telHref(site.phone)}>{site.phone}</a></p>
          <p className="muted">Call or text for a free consultation</p>
        </div>
      </li>
      <li className="contact-card">
        <span className="card-icon"><Icon name="mail" /></span>
        <div>
          <H>E-mail</H>
          <p><a href={`mailto:${site.email}`}>{site.email}</a></p>
          <p className="muted">We reply within one business day</p>
        </div>
      </li>
      {hours && (
        <li className="contact-card contact-card-hours">
          <span className="card-icon"><Icon name="clock" /></span>
          <div>
            <H>Hours</H>
            <HoursList site={site} />
          </div>
        </li>
      )}
    </ul>
  );
}

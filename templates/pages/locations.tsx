// Locations: the ten service areas, the headquarters address, directions link and map.
import { Button } from '../components/Button.tsx';
import { ContactCards } from '../components/ContactCards.tsx';
import { Icon } from '../components/Icon.tsx';
import { directionsUrl, MapEmbed } from '../components/MapEmbed.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Section } from '../components/Section.tsx';
import { fullAddress } from '../components/business.ts';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps } from '../types.ts';

export interface LocationsProps extends PageProps {
  locations: { id: string; name: string; subtitle: string; href: string }[];
}

export function Locations(props: LocationsProps) {
  const { locations, layout } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero eyebrow="Where we work" title="Service Areas" lead={`From our Rio Rancho workshop we serve ${locations.length} communities across central New Mexico, with pickup and delivery for larger pieces.`} size="compact" />

      <Section id="areas" title="Communities We Serve" intro="Choose your area to see the work we do there most often.">
        <ul className="grid location-grid">
          {locations.map((l) => (
            <li key={l.id} className="card location-card">
              <div className="card-body">
                <span className="card-icon"><Icon name="map-pin" /></span>
                <h3><a className="card-link" href={l.href}>{l.name}</a></h3>
                <p>{l.subtitle}</p>
                <span className="card-more" aria-hidden="true">View area<Icon name="arrow-right" /></span>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="headquarters" tone="alt" eyebrow="Visit the shop" title="Our Headquarters">
        <div className="split split-top">
          <div className="split-copy">
            <p className="hq-address">
              <strong>{site.name}</strong><br />
              {site.address.street}<br />
              {site.address.city}, {site.address.region} {site.address.postalCode}
            </p>
            <p>Drop by for a free consultation and see fabric, leather and vinyl samples in daylight. For large furniture, call ahead and we will arrange pickup.</p>
            <div className="btn-row">
              <Button href={directionsUrl(fullAddress(site))} icon="compass" target="_blank" rel="noopener noreferrer">Get Directions<span className="visually-hidden"> (opens in a new tab)</span></Button>
              <Button href="/contact" variant="outline">Contact Us</Button>
            </div>
            <ContactCards site={site} hours variant="list" />
          </div>
          <MapEmbed geo={site.geo} title={`Map of ${site.name} at ${fullAddress(site)}`} />
        </div>
      </Section>

      <QuoteCta title="Not Sure If We Cover Your Area?" text="Call or send a request. We regularly take on projects beyond these ten communities." phone={site.phone} />
    </Layout>
  );
}

// Location page: title, subtitle, three paragraphs, services intro and list, map and
// contact cards for address, phone and e-mail.
import { Button, CallButton } from '../components/Button.tsx';
import { ContactCards } from '../components/ContactCards.tsx';
import { Icon } from '../components/Icon.tsx';
import { MapEmbed } from '../components/MapEmbed.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Section } from '../components/Section.tsx';
import { Layout } from '../layout/Layout.tsx';
import { iconFor } from '../layout/Header.tsx';
import type { Location, PageProps } from '../types.ts';

export interface LocationProps extends PageProps {
  location: Location;
  categories: { id: string; title: string; description: string; icon: string; href: string }[];
}

export function LocationPage(props: LocationProps) {
  const { location, categories, layout, breadcrumbs } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero crumbs={breadcrumbs} eyebrow="Service area" title={location.title} lead={location.subtitle}>
        <div className="btn-row">
          <Button href="/contact" size="lg" trailingIcon="arrow-right">Get a Free Quote</Button>
          <CallButton phone={site.phone} variant="ghost-light" size="lg" />
        </div>
      </PageHero>

      <section className="section" aria-labelledby="local-title">
        <div className="container with-aside">
          <div>
            <h2 id="local-title">Serving {location.name}</h2>
            <div className="prose">{location.description.map((p, i) => <p key={i}>{p}</p>)}</div>
          </div>
          <aside aria-label={`Map of ${location.name}`} className="location-aside">
            <MapEmbed geo={location.geo} span={0.06} title={`Map of ${location.name}, New Mexico`} className="map-tall" />
          </aside>
        </div>
      </section>

      <Section id="local-services" tone="alt" eyebrow="What we do here" title={`Our Services in ${location.name}`} intro={location.servicesIntro}>
        <ul className="grid service-links">
          {categories.map((c) => (
            <li key={c.id} className="card service-link">
              <div className="card-body">
                <span className="card-icon"><Icon name={iconFor(c.id)} /></span>
                <h3><a className="card-link" href={c.href}>{c.title}</a></h3>
                <span className="card-more" aria-hidden="true">Explore<Icon name="arrow-right" /></span>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="contact" title={`Contact Us in ${location.name}`} intro="Consultations are free. Reach us the way that suits you.">
        <ContactCards site={site} />
      </Section>

      <QuoteCta title={`Get a Free Quote in ${location.name}`} text="Send a few photos or call us, and we will recommend materials and give you a clear price." phone={site.phone} />
    </Layout>
  );
}

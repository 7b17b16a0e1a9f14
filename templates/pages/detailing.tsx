// Detailing detail: hero, five-star line, description and features, quote button, the
// 'About {title} in Albuquerque, NM' block, numbered benefits, related cards and the CTA.
import { Button, CallButton } from '../components/Button.tsx';
import { LinkCard } from '../components/Card.tsx';
import { Icon } from '../components/Icon.tsx';
import { Img } from '../components/Img.tsx';
import { SIZES } from '../components/image-sizes.ts';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Paragraphs, Section } from '../components/Section.tsx';
import { Stars } from '../components/Stars.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { Detailing as DetailingData, PageProps } from '../types.ts';
import type { DetailingCardData } from './detailing-list.tsx';

export interface DetailingProps extends PageProps {
  item: DetailingData;
  related: DetailingCardData[];
}

export const DETAILING_INCLUDED = [
  'Inspection and a tailored plan',
  'Deep cleaning and stain treatment',
  'Material-safe protection and conditioning',
  'Final detailing and care recommendations',
];
export const DETAILING_IDEAL_FOR = ['Pet stains', 'Allergen reduction', 'Leather care', 'Commercial settings'];

export function Detailing(props: DetailingProps) {
  const { item, related, layout, breadcrumbs } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero crumbs={breadcrumbs} eyebrow="Detailing services" title={item.h1} lead={item.shortDescription} image={item.image} imageAlt={item.alt}>
        <p className="rating-line">
          <Stars />
          <span>Top-rated service</span>
          <span className="rating-sep" aria-hidden="true">·</span>
          <span>{site.rating.value} from {site.rating.count} reviews</span>
        </p>
      </PageHero>

      <section className="section" aria-labelledby="detail-title">
        <div className="container split split-top">
          <div className="split-copy">
            <p className="eyebrow">Overview</p>
            <h2 id="detail-title">What to Expect</h2>
            <div className="prose"><Paragraphs text={item.description} /></div>
            <h3>Key Features</h3>
            <ul className="check-list">
              {item.features.map((f) => <li key={f}><Icon name="check" />{f}</li>)}
            </ul>
            <div className="btn-row detail-actions">
              <Button href="/contact" size="lg" trailingIcon="arrow-right">Get a Free Quote</Button>
              <CallButton phone={site.phone} size="lg" />
            </div>
          </div>
          <div className="split-media">
            <Img src={item.image} alt={item.alt} className="rounded" sizes={SIZES.half} />
            <p className="guarantee"><Icon name="shield" /><span><strong>100% satisfaction guarantee</strong> on every detailing service.</span></p>
          </div>
        </div>
      </section>

      <Section id="about-service" tone="alt" title={`About ${item.title} in Albuquerque, NM`}
        intro={`Our technicians bring ${item.title.toLowerCase()} to homes, vehicles and businesses from our Rio Rancho shop across the Albuquerque area.`}>
        <div className="about-cols">
          <div className="card card-padded">
            <h3><Icon name="check" />What&apos;s Included</h3>
            <ul className="check-list">{DETAILING_INCLUDED.map((x) => <li key={x}><Icon name="check" />{x}</li>)}</ul>
          </div>
          <div className="card card-padded">
            <h3><Icon name="heart" />Ideal For</h3>
            <ul className="check-list">{DETAILING_IDEAL_FOR.map((x) => <li key={x}><Icon name="check" />{x}</li>)}</ul>
          </div>
          <div className="card card-padded">
            <h3><Icon name="map-pin" />Service Areas</h3>
            <ul className="area-list">{site.areas.map((a) => <li key={a.id}><a href={`/locations/${a.id}`}>{a.name}</a></li>)}</ul>
          </div>
        </div>
      </Section>

      <Section id="benefits" eyebrow="Results" title="Key Benefits" narrow>
        <ol className="numbered">
          {item.benefits.map((b) => <li key={b}>{b}</li>)}
        </ol>
      </Section>

      {related.length > 0 && (
        <Section id="related" tone="alt" title="Related Services" eyebrow="Explore more">
          <ul className="grid grid-3">
            {related.map((d) => <li key={d.id}><LinkCard href={d.href} title={d.title} text={d.shortDescription} image={d.image} alt={d.alt} more="Learn More" moreIsLink /></li>)}
          </ul>
        </Section>
      )}

      <QuoteCta title="Ready to Transform Your Upholstery?" text="Request a free quote or call us to schedule your detailing service." phone={site.phone} />
    </Layout>
  );
}

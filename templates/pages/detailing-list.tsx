// Detailing list: hero with breadcrumb, the six detailing cards, why choose us and the CTA.
import { Button, CallButton } from '../components/Button.tsx';
import { FeatureCard, LinkCard } from '../components/Card.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Paragraphs, Section } from '../components/Section.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { DetailingPageData, PageProps } from '../types.ts';

export interface DetailingCardData { id: string; title: string; shortDescription: string; image: string; alt: string; href: string }

export interface DetailingListProps extends PageProps {
  page: DetailingPageData;
  items: DetailingCardData[];
}

const whyIcons = ['users', 'droplet', 'sparkles', 'shield'];

export function DetailingList(props: DetailingListProps) {
  const { page, items, layout, breadcrumbs } = props;
  return (
    <Layout {...props}>
      <PageHero crumbs={breadcrumbs} eyebrow="Clean · Protect · Restore" title={page.hero.title} lead={page.hero.subtitle}
        image={page.hero.image} imageAlt="Upholstery detailing technician cleaning a fabric sofa">
        <div className="btn-row">
          <Button href="/contact" size="lg" trailingIcon="arrow-right">Get a Free Quote</Button>
          <CallButton phone={layout.site.phone} variant="ghost-light" size="lg" />
        </div>
      </PageHero>

      <Section id="detailing" eyebrow="Detailing services" title="Our Detailing Services" intro={<div className="section-intro"><Paragraphs text={page.intro} /></div>}>
        <ul className="grid detailing-grid">
          {items.map((d) => (
            <li key={d.id}><LinkCard href={d.href} title={d.title} text={d.shortDescription} image={d.image} alt={d.alt} more="Learn More" moreIsLink /></li>
          ))}
        </ul>
      </Section>

      <Section id="why-detailing" tone="dark" eyebrow="Why us" title="Why Choose Our Detailing Services" center>
        <ul className="grid grid-4">
          {page.whyChoose.map((w, i) => <li key={w.title}><FeatureCard icon={whyIcons[i] ?? 'check'} title={w.title} text={w.text} /></li>)}
        </ul>
      </Section>

      <QuoteCta id="detailing-cta" title="Ready to Refresh Your Upholstery?" text={page.cta.text} phone={layout.site.phone} />
    </Layout>
  );
}

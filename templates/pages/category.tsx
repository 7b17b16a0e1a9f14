// Service category: its services (each linking to its detail page) and a quote button.
import { Button, CallButton } from '../components/Button.tsx';
import { LinkCard } from '../components/Card.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Section } from '../components/Section.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps } from '../types.ts';

export interface ServiceCardData { id: string; title: string; shortDescription: string; image: string; icon: string; href: string }

export interface CategoryProps extends PageProps {
  category: { id: string; title: string; description: string; icon: string; image: string };
  services: ServiceCardData[];
}

export function Category(props: CategoryProps) {
  const { category, services, layout, breadcrumbs } = props;
  return (
    <Layout {...props}>
      <PageHero crumbs={breadcrumbs} eyebrow="Upholstery services" title={category.title} lead={category.description}
        image={category.image} imageAlt={`${category.title} by ${layout.site.name}`}>
        <div className="btn-row">
          <Button href="/contact" size="lg" trailingIcon="arrow-right">Request a Free Quote</Button>
          <CallButton phone={layout.site.phone} variant="ghost-light" size="lg" />
        </div>
      </PageHero>
      <Section id="services" title={`Our ${category.title} Services`} intro={`Choose a service to see what is included, how the work is done and answers to common questions.`}>
        <ul className="grid">
          {services.map((s) => (
            <li key={s.id}><LinkCard href={s.href} title={s.title} text={s.shortDescription} image={s.image} alt={`${s.title} by ${layout.site.name}`} icon={s.icon} more="View details" /></li>
          ))}
        </ul>
      </Section>
      <QuoteCta title={`Start Your ${category.title} Project`} text="Consultations are free. Send photos or bring your piece by the shop and we will recommend materials and give you a clear quote." phone={layout.site.phone} quoteLabel="Request a Free Quote" />
    </Layout>
  );
}

// Service detail: description, what is included, the four process steps, related services,
// four FAQs and the quote button.
import { Button, CallButton, telHref } from '../components/Button.tsx';
import { LinkCard } from '../components/Card.tsx';
import { Icon } from '../components/Icon.tsx';
import { Img } from '../components/Img.tsx';
import { SIZES } from '../components/image-sizes.ts';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Paragraphs, Section } from '../components/Section.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps, Service } from '../types.ts';
import type { ServiceCardData } from './category.tsx';

export interface ServiceProps extends PageProps {
  category: { id: string; title: string };
  service: Service;
  related: ServiceCardData[];
}

export const PROCESS_STEPS = [
  { title: 'Consultation', icon: 'message', text: 'We look at your piece in person or from photos, talk through how you use it, and give you a clear, free quote.' },
  { title: 'Material Selection', icon: 'gem', text: 'Choose from fabric, leather and vinyl samples in daylight, with honest advice on durability, sun and wear.' },
  { title: 'Expert Craftsmanship', icon: 'scissors', text: 'We strip, repair and rebuild by hand in our Rio Rancho workshop, with careful patterning and tight seams.' },
  { title: 'Final Delivery', icon: 'check', text: 'We inspect every detail, walk you through care tips and deliver or hand over your finished piece.' },
];

export function ServicePage(props: ServiceProps) {
  const { category, service, related, layout, breadcrumbs } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero crumbs={breadcrumbs} eyebrow={category.title} title={service.title} lead={service.shortDescription}
        image={service.image} imageAlt={`${service.title} by ${site.name}`}>
        <div className="btn-row">
          <Button href="/contact" size="lg" trailingIcon="arrow-right">Get a Free Quote</Button>
          <CallButton phone={site.phone} variant="ghost-light" size="lg" />
        </div>
      </PageHero>

      <section className="section" aria-labelledby="overview-title">
        <div className="container with-aside">
          <div className="service-main">
            <h2 id="overview-title">About {service.title}</h2>
            <div className="prose"><Paragraphs text={service.description} /></div>
            <h3 className="included-title">What&apos;s Included</h3>
            <ul className="check-list included">
              {service.included.map((item) => <li key={item}><Icon name="check" />{item}</li>)}
            </ul>
          </div>
          <aside className="aside-card card" aria-labelledby="aside-title">
            <Img src={service.image} alt={`${service.title} project`} sizes={SIZES.aside} />
            <div className="card-body">
              <h2 id="aside-title" className="aside-title">Free, No-Obligation Quote</h2>
              <p>Tell us about your project and we will get back to you within one business day.</p>
              <a className="btn btn-primary btn-block" href="/contact">Request a Free Quote</a>
              <a className="btn btn-outline btn-block" href={telHref(site.phone)}><Icon name="phone" />{site.phone}</a>
              <ul className="aside-points">
                <li><Icon name="check" />Free consultations</li>
                <li><Icon name="check" />Satisfaction guarantee</li>
                <li><Icon name="check" />{site.yearsExperience}+ years of experience</li>
              </ul>
            </div>
          </aside>
        </div>
      </section>

      <Section id="process" tone="alt" eyebrow="How it works" title="Our Process" center>
        <ol className="process">
          {PROCESS_STEPS.map((step, i) => (
            <li key={step.title} className="process-step">
              <span className="process-num" aria-hidden="true">{i + 1}</span>
              <span className="card-icon"><Icon name={step.icon} /></span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      {related.length > 0 && (
        <Section id="related" title="Related Services" eyebrow="You may also need">
          <ul className="grid grid-3">
            {related.map((s) => (
              <li key={s.id}><LinkCard href={s.href} title={s.title} text={s.shortDescription} image={s.image} alt={`${s.title} by ${site.name}`} icon={s.icon} more="View details" /></li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="faq" tone="alt" eyebrow="Questions" title="Frequently Asked Questions" narrow center>
        <div className="faq-list">
          {service.faqs.map((faq) => (
            <details key={faq.question} className="faq">
              <summary><span>{faq.question}</span><Icon name="chevron-down" /></summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </div>
      </Section>

      <QuoteCta title={`Ready to Start Your ${service.title}?`} text="Get a free quote today. We will walk you through materials, timing and next steps." phone={site.phone} quoteLabel="Request a Free Quote" />
    </Layout>
  );
}

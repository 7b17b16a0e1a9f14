// About: the story, three values and five reasons to choose the business.
import { FeatureCard } from '../components/Card.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Section } from '../components/Section.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { AboutData, PageProps } from '../types.ts';

export interface AboutProps extends PageProps {
  about: AboutData & { html: string };
}

const valueIcons = ['award', 'heart', 'lightbulb'];
const reasonIcons = ['calendar', 'plane', 'message', 'shield', 'map-pin'];

export function About(props: AboutProps) {
  const { about, layout } = props;
  const { site } = layout;
  return (
    <Layout {...props}>
      <PageHero eyebrow="Our story" title={about.title} lead={about.description} />

      <section className="section" aria-label="Our story">
        <div className="container story">
          <div className="story-body">
            <div className="prose" dangerouslySetInnerHTML={{ __html: about.html }} />
          </div>
          <aside className="story-aside" aria-label="At a glance">
            <ul className="stat-list">
              <li><strong>{site.yearsExperience}+</strong><span>years of experience</span></li>
              <li><strong>{site.rating.value}</strong><span>average rating from {site.rating.count} reviews</span></li>
              <li><strong>{site.areas.length}</strong><span>communities served</span></li>
              <li><strong>8</strong><span>upholstery specialties</span></li>
            </ul>
            <a className="btn btn-primary btn-block" href="/contact">Book a Free Consultation</a>
          </aside>
        </div>
      </section>

      <Section id="values" tone="alt" eyebrow="What drives us" title="Our Values" center>
        <ul className="grid grid-3 values-grid">
          {about.values.map((v, i) => (
            <li key={v.title} className="card card-padded"><FeatureCard icon={valueIcons[i] ?? 'check'} title={v.title} text={v.text} /></li>
          ))}
        </ul>
      </Section>

      <Section id="reasons" eyebrow="The Sandia difference" title={`Why Choose ${site.name}`} center>
        <ol className="reasons">
          {about.reasons.map((r, i) => (
            <li key={r.title}>
              <span className="card-icon"><Icon name={reasonIcons[i] ?? 'check'} /></span>
              <div>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <QuoteCta title="Let's Talk About Your Project" text="Bring a piece by the shop or send a few photos. Consultations are always free." phone={site.phone} />
    </Layout>
  );
}

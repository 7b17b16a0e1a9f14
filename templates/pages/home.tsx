// Home: video hero, the five service cards, Recent Work, testimonials, why choose us, the
// premium craftsmanship block and the call-to-action band.
import { Island } from '../../src/islands/island.tsx';
import HeroVideo from '../islands/hero-video.tsx';
import QuoteDialog from '../islands/quote-dialog.tsx';
import Testimonials from '../islands/testimonials.tsx';
import { Button } from '../components/Button.tsx';
import { quoteProps } from '../components/business.ts';
import { FeatureCard, LinkCard } from '../components/Card.tsx';
import { Icon } from '../components/Icon.tsx';
import { Img } from '../components/Img.tsx';
import { useImage } from '../../src/images/image-context.ts';
import type { ImageEntry } from '../../src/images/image-manifest.ts';
import { SIZES } from '../components/image-sizes.ts';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Paragraphs, Section } from '../components/Section.tsx';
import { Stars } from '../components/Stars.tsx';
import { Layout } from '../layout/Layout.tsx';
import { iconFor } from '../layout/Header.tsx';
import type { HomeData, PageProps, Testimonial } from '../types.ts';

interface ServiceCardData { category: string; title: string; text: string; image: string; href: string }
interface WorkCard { id: string; title: string; shortDescription: string; image: string; icon: string; href: string }

export interface HomeProps extends PageProps {
  home: HomeData;
  serviceCards: ServiceCardData[];
  recentWork: WorkCard[];
  testimonials: Testimonial[];
}

const whyIcons = ['award', 'gem', 'scissors', 'heart'];

/**
 * The <video>'s own poster. The poster photo is the responsive <picture> under the video
 * (preloaded, the page's LCP image); naming the 1920 px original here would download it a
 * second time, early. So the video gets the variant a phone's picture already loads: the
 * first AVIF candidate of at least 780 px (390 px at 2x); the original without variants.
 */
export function videoPoster(src: string, entry: ImageEntry | undefined): string {
  const candidates = (entry?.sources[0]?.srcset ?? '').split(', ').map((c) => c.split(' ')).map(([url, w]) => ({ url, w: Number.parseInt(w, 10) }));
  return (candidates.find((c) => c.w >= 780) ?? candidates.at(-1))?.url || src;
}

export function Home(props: HomeProps) {
  const { home, serviceCards, recentWork, testimonials, layout } = props;
  const { site } = layout;
  const poster = videoPoster(home.hero.poster, useImage(home.hero.poster));
  return (
    <Layout {...props}>
      <div className="home-hero on-dark">
        <div className="hero-media">
          <Img src={home.hero.poster} alt="" width={1920} height={1080} priority sizes={SIZES.full} className="hero-poster" />
          <Island name="hero-video" component={HeroVideo} props={{ videos: home.hero.videos, poster, label: 'Upholstery work in our Rio Rancho workshop' }} when="idle" />
        </div>
        <div className="container home-hero-inner">
          <p className="eyebrow">Rio Rancho · Albuquerque · Central New Mexico</p>
          <h1>{home.hero.title}</h1>
          <p className="lead">{home.hero.subtitle}</p>
          <div className="btn-row hero-actions">
            {/* In view at the first paint: hydrates right after it, its code (React) loading
                after the stylesheet and fonts; until then it is a link to /contact. */}
            <Island name="quote-dialog" component={QuoteDialog} props={{ ...quoteProps(layout), label: 'Request a Quote' }} when="visible" />
            <Button href="/gallery" variant="ghost-light" size="lg" icon="image">View Gallery</Button>
          </div>
          <ul className="hero-trust">
            <li><Stars label={`Rated ${site.rating.value} out of 5`} /> <span><strong>{site.rating.value}</strong> from {site.rating.count} reviews</span></li>
            <li><Icon name="award" /><span><strong>{site.yearsExperience}+ years</strong> of craftsmanship</span></li>
            <li><Icon name="check" /><span><strong>Free</strong> consultations</span></li>
          </ul>
        </div>
      </div>

      <Section id="services" eyebrow="What we do" title="Our Upholstery Services" center
        intro="From heirloom sofas to aircraft cabins, every piece is rebuilt by hand in our Rio Rancho workshop.">
        <ul className="grid services-grid">
          {serviceCards.map((card, i) => (
            <li key={card.category}>
              <LinkCard href={card.href} title={card.title} text={card.text} image={card.image} alt={`${card.title} project`} icon={iconFor(card.category)} more="Explore service" sizes={i < 3 ? SIZES.card : SIZES.wideCard} />
            </li>
          ))}
        </ul>
        <p className="section-foot"><Button href="/detailing-services" variant="outline" trailingIcon="arrow-right">See Detailing Services</Button></p>
      </Section>

      <Section id="recent-work" tone="alt" eyebrow="Portfolio" title="Recent Work" center
        intro="A few of the projects that left our shop recently, from classic cars to restaurant booths.">
        <ul className="grid work-grid">
          {recentWork.map((s) => (
            <li key={s.id}>
              <LinkCard href={s.href} title={s.title} text={s.shortDescription} image={s.image} alt={`${s.title} by ${site.name}`} more="View service" sizes={SIZES.workCard} />
            </li>
          ))}
        </ul>
        <p className="section-foot"><Button href="/gallery" variant="outline" trailingIcon="arrow-right">See the full gallery</Button></p>
      </Section>

      <Section id="testimonials" eyebrow="Reviews" title="What Our Customers Say" center
        intro={`Rated ${site.rating.value} out of 5 from ${site.rating.count} reviews by neighbors across central New Mexico.`}>
        <Island name="testimonials" component={Testimonials} props={{ items: testimonials }} when="visible" />
      </Section>

      <Section id="why-choose-us" tone="dark" eyebrow="Why Sandia" title="Why Choose Us" center>
        <ul className="grid grid-4 why-grid">
          {home.whyChooseUs.map((item, i) => (
            <li key={item.title}><FeatureCard icon={whyIcons[i] ?? 'check'} title={item.title} text={item.text} /></li>
          ))}
        </ul>
      </Section>

      <section className="section craft" aria-labelledby="craft-title">
        <div className="container split">
          <div className="split-media">
            <Img src={home.craftsmanship.image} alt="Upholsterer stitching a leather panel in the Sandia Custom Upholstery workshop" className="rounded" sizes={SIZES.half} />
            <div className="craft-stat on-dark" aria-hidden="true"><strong>{site.yearsExperience}+</strong><span>years in Rio Rancho</span></div>
          </div>
          <div className="split-copy">
            <p className="eyebrow">Our workshop</p>
            <h2 id="craft-title">{home.craftsmanship.title}</h2>
            <Paragraphs text={home.craftsmanship.text} />
            <Button href="/about" variant="primary" trailingIcon="arrow-right">Learn More About Us</Button>
          </div>
        </div>
      </section>

      <QuoteCta title={home.cta.title} text={home.cta.text} phone={site.phone} quoteLabel="Get Your Free Quote" />
    </Layout>
  );
}

// Gallery: the 12 project photos; the first 4 load at once and the first 2 with high priority.
import { PageHero } from '../components/PageHero.tsx';
import { Img } from '../components/Img.tsx';
import { SIZES } from '../components/image-sizes.ts';
import { QuoteCta } from '../components/QuoteCta.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { GalleryItem, PageProps } from '../types.ts';

export interface GalleryProps extends PageProps {
  items: GalleryItem[];
}

export function Gallery(props: GalleryProps) {
  const { items, layout } = props;
  return (
    <Layout {...props}>
      <PageHero eyebrow="Portfolio" title="Project Gallery" lead="Furniture, automotive, motorcycle, aircraft, marine and commercial upholstery, finished in our Rio Rancho workshop." size="compact" />
      <section className="section gallery-section" aria-label="Project photos">
        <div className="container">
          <ul className="gallery-grid">
            {items.map((item, i) => (
              <li key={item.src}>
                <figure className="gallery-item">
                  <Img src={item.src} alt={item.alt} eager={i < 4} priority={i < 2} sizes={SIZES.gallery} />
                  <figcaption>{item.title}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <QuoteCta title="Have a Project Like These?" text="Tell us what you have in mind and we will put together a free, no-obligation quote." phone={layout.site.phone} />
    </Layout>
  );
}

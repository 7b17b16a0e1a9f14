// Privacy policy and terms of service: title, last updated date and the text.
import { PageHero } from '../components/PageHero.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps } from '../types.ts';

export interface LegalProps extends PageProps {
  page: { title: string; lastUpdated: string; html: string };
}

export function Legal(props: LegalProps) {
  const { page } = props;
  return (
    <Layout {...props}>
      <PageHero title={page.title} lead={`Last updated ${page.lastUpdated}`} size="compact" />
      <section className="section" aria-label={page.title}>
        <div className="container-narrow">
          <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        </div>
      </section>
    </Layout>
  );
}

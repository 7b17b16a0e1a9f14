// Plain templates: each shows its route's real data. The "Pages" issue completes them.
import type { ReactNode } from 'react';
import { Island } from '../../src/islands/island.tsx';
import ShareButton from '../islands/share-button.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps, PostSummary } from '../types.ts';

type Any = PageProps & Record<string, any>;

const Page = ({ p, title, children }: { p: Any; title: string; children?: ReactNode }) => (
  <Layout {...p}><h1>{title}</h1>{children}</Layout>
);

export const Home = (p: Any) => (
  <Page p={p} title={p.home.hero.title}>
    <p>{p.home.hero.subtitle}</p>
    <ul>{p.serviceCards.map((c: any) => <li key={c.category}><a href={c.href}>{c.title}</a></li>)}</ul>
    <ul>{p.recentWork.map((s: any) => <li key={s.id}><a href={s.href}>{s.title}</a></li>)}</ul>
  </Page>
);
export const About = (p: Any) => <Page p={p} title={p.about.title}><div dangerouslySetInnerHTML={{ __html: p.about.html }} /></Page>;
export const Gallery = (p: Any) => <Page p={p} title="Gallery"><ul>{p.items.map((g: any) => <li key={g.src}><img src={g.src} alt={g.alt} /></li>)}</ul></Page>;
export const Category = (p: Any) => (
  <Page p={p} title={p.category.title}>
    <ul>{p.services.map((s: any) => <li key={s.id}><a href={s.href}>{s.title}</a></li>)}</ul>
    <a href="/contact">Request a Free Quote</a>
  </Page>
);
export const Service = (p: Any) => <Page p={p} title={p.service.title}><p>{p.service.description}</p></Page>;
export const DetailingList = (p: Any) => (
  <Page p={p} title={p.page.hero.title}><ul>{p.items.map((d: any) => <li key={d.id}><a href={d.href}>{d.title}</a></li>)}</ul></Page>
);
export const Detailing = (p: Any) => <Page p={p} title={p.item.h1}><p>{p.item.description}</p></Page>;
export const Locations = (p: Any) => <Page p={p} title="Locations"><ul>{p.locations.map((l: any) => <li key={l.id}><a href={l.href}>{l.name}</a></li>)}</ul></Page>;
export const LocationPage = (p: Any) => <Page p={p} title={p.location.title}>{p.location.description.map((d: string) => <p key={d}>{d}</p>)}</Page>;
export const Contact = (p: Any) => <Page p={p} title="Contact Us"><h2>Request a Quote</h2></Page>;
export const BlogList = (p: Any) => (
  <Page p={p} title="Upholstery Insights & Resources">
    <ul>{p.posts.map((post: PostSummary) => <li key={post.slug}><a href={`/blog/${post.slug}`}>{post.title}</a></li>)}</ul>
  </Page>
);
export const BlogPost = (p: Any) => (
  <Page p={p} title={p.post.title}>
    <p>{p.post.dateLabel} · {p.post.readingTime} min read · By {p.post.author}</p>
    <Island name="share-button" component={ShareButton} props={{ title: p.post.title, description: p.post.description }} />
    <div dangerouslySetInnerHTML={{ __html: p.post.html }} />
  </Page>
);
export const Legal = (p: Any) => <Page p={p} title={p.page.title}><p>Last updated {p.page.lastUpdated}</p><div dangerouslySetInnerHTML={{ __html: p.page.html }} /></Page>;
export const AdminRebuild = (p: Any) => <Page p={p} title="Site Rebuild Trigger" />;
export const NotFound = (p: Any) => <Page p={p} title="Page Not Found" />;

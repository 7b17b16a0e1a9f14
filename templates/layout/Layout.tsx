import type { ReactNode } from 'react';
import type { PageProps } from '../types.ts';

export function Layout({ layout, path, children }: PageProps & { children: ReactNode }) {
  const { site } = layout;
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <a href="/" className="brand">{site.name}</a>
        <nav aria-label="Main">
          <ul>
            <li><a href="/">Home</a></li>
            <li><a href="/about">About</a></li>
            <li><a href="/gallery">Gallery</a></li>
            <li>
              <a href="/services/automotive-upholstery">Services</a>
              <ul>
                {layout.categories.map((c) => <li key={c.id}><a href={c.href}>{c.title}</a></li>)}
                <li><a href="/detailing-services">Detailing Services</a></li>
              </ul>
            </li>
            <li><a href="/contact">Contact</a></li>
            <li><a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a></li>
            <li><a href="/contact">Get a Quote</a></li>
          </ul>
        </nav>
      </header>
      <main id="main" data-path={path}>{children}</main>
      <footer>
        <p>© {layout.year} {site.name}</p>
        <a href="/privacy">Privacy Policy</a> <a href="/terms">Terms of Service</a>
      </footer>
    </>
  );
}

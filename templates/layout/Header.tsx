// The fixed header: transparent over the dark hero of a non-blog page, solid on blog pages
// (the head script sets data-scrolled past 20 px). The Services menu opens on hover and on
// keyboard focus in pure CSS.
import type { LayoutData } from '../types.ts';
import { telHref } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { Brand } from './Brand.tsx';

/** The header link of the page at `path` (marked aria-current), or '' when the header has none. */
export function currentNavHref(layout: LayoutData, path: string): string {
  const hrefs = ['/', '/about', '/gallery', ...layout.categories.map((c) => c.href), '/detailing-services', '/contact'];
  return hrefs.includes(path) ? path : '';
}

/** `current`: the link of the page shown (currentNavHref): the header depends on no other part of the path. */
export function Header({ layout, current: currentHref, solid }: { layout: LayoutData; current: string; solid: boolean }) {
  const { site } = layout;
  const current = (href: string) => (href !== '' && href === currentHref ? { 'aria-current': 'page' as const } : {});
  return (
    <header className="site-header" data-solid={solid ? 'true' : 'false'}>
      <div className="container header-inner">
        <Brand name={site.name} />
        <nav className="main-nav" aria-label="Main">
          <ul>
            <li><a href="/" {...current('/')}>Home</a></li>
            <li><a href="/about" {...current('/about')}>About</a></li>
            <li><a href="/gallery" {...current('/gallery')}>Gallery</a></li>
            <li className="nav-dropdown">
              <button type="button" aria-expanded="false" aria-controls="services-menu">
                Services<Icon name="chevron-down" />
              </button>
              <ul className="nav-submenu" id="services-menu">
                {layout.categories.map((c) => (
                  <li key={c.id}><a href={c.href} {...current(c.href)}><Icon name={iconFor(c.id)} />{c.title}</a></li>
                ))}
                <li className="nav-submenu-all"><a href="/detailing-services" {...current('/detailing-services')}><Icon name="sparkles" />Detailing Services</a></li>
              </ul>
            </li>
            <li><a href="/contact" {...current('/contact')}>Contact</a></li>
          </ul>
        </nav>
        <a className="header-phone" href={telHref(site.phone)} aria-label={`Call ${site.phone}`}>
          <Icon name="phone" /><span>{site.phone}</span>
        </a>
        <a className="btn btn-primary header-cta" href="/contact">Get a Quote</a>
        <a className="menu-toggle" href="#mobile-menu" aria-controls="mobile-menu" aria-expanded="false" aria-label="Open menu">
          <Icon name="menu" />
        </a>
      </div>
    </header>
  );
}

/** The icon of a service category, by its id. */
export function iconFor(categoryId: string): string {
  const map: Record<string, string> = {
    'furniture-upholstery': 'sofa',
    'automotive-upholstery': 'car',
    'motorcycle-upholstery': 'motorcycle',
    'airplane-upholstery': 'plane',
    'commercial-upholstery': 'briefcase',
    'marine-upholstery': 'anchor',
    'custom-cushions-pillows': 'pillow',
    'leather-specialty-materials': 'leather',
  };
  return map[categoryId] ?? 'scissors';
}

// The full-screen mobile menu: opens with :target without JavaScript; the head script turns
// it into a dialog-like panel (data-open, scroll lock, Escape, focus trap).
import type { LayoutData } from '../types.ts';
import { telHref } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';
import { Brand } from './Brand.tsx';

export function MobileMenu({ layout }: { layout: LayoutData }) {
  const { site } = layout;
  return (
    <div id="mobile-menu" className="mobile-menu">
      <nav aria-label="Mobile">
        <div className="mobile-menu-top">
          <Brand name={site.name} />
          <a className="menu-close" href="#" aria-label="Close menu"><Icon name="close" /></a>
        </div>
        <ul>
          <li><a href="/">Home</a></li>
          <li><a href="/about">About</a></li>
          <li><a href="/gallery">Gallery</a></li>
          <li>
            <span className="mobile-sub-title">Services</span>
            <ul className="mobile-sub">
              {layout.categories.map((c) => <li key={c.id}><a href={c.href}>{c.title}</a></li>)}
              <li><a href="/detailing-services">Detailing Services</a></li>
            </ul>
          </li>
          <li><a href="/contact">Contact</a></li>
        </ul>
        <div className="mobile-menu-actions">
          <a className="btn btn-primary btn-lg" href="/contact">Get a Quote</a>
          <a className="btn btn-outline btn-lg" href={telHref(site.phone)}><Icon name="phone" />{site.phone}</a>
        </div>
      </nav>
    </div>
  );
}

// The page shell: skip link, fixed header, mobile menu, main landmark, footer and the
// floating mobile actions. Blog pages get a solid header; the others open with a dark hero.
// Header, menu and footer are the same on most pages: React renders each once per site data
// (and header state) and later pages get its HTML (src/render/reused.tsx).
import type { ReactNode } from 'react';
import { Reused } from '../../src/render/reused.tsx';
import type { PageProps } from '../types.ts';
import { Footer } from './Footer.tsx';
import { currentNavHref, Header } from './Header.tsx';
import { MobileMenu } from './MobileMenu.tsx';

export function isSolidPage(path: string): boolean {
  return path === '/blog' || path.startsWith('/blog/');
}

export function Layout({ layout, path, children }: PageProps & { children: ReactNode }) {
  const solid = isSolidPage(path);
  const current = currentNavHref(layout, path);
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Reused by={layout} id={`header ${solid} ${current}`}><Header layout={layout} current={current} solid={solid} /></Reused>
      <Reused by={layout} id="mobile menu"><MobileMenu layout={layout} /></Reused>
      <main id="main" tabIndex={-1} className={solid ? 'main-solid' : undefined}>{children}</main>
      <Reused by={layout} id="footer"><Footer layout={layout} /></Reused>
    </>
  );
}

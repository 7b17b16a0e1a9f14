// The page shell: skip link, fixed header, mobile menu, main landmark, footer and the
// floating mobile actions. Blog pages get a solid header; the others open with a dark hero.
import type { ReactNode } from 'react';
import type { PageProps } from '../types.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileMenu } from './MobileMenu.tsx';

export function isSolidPage(path: string): boolean {
  return path === '/blog' || path.startsWith('/blog/');
}

export function Layout({ layout, path, children }: PageProps & { children: ReactNode }) {
  const solid = isSolidPage(path);
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header layout={layout} path={path} solid={solid} />
      <MobileMenu layout={layout} />
      <main id="main" tabIndex={-1} className={solid ? 'main-solid' : undefined}>{children}</main>
      <Footer layout={layout} />
    </>
  );
}

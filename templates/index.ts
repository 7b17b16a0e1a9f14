// The templates the route table names. The engine imports this module only through its
// server bundle; it never imports a template by name.
import type { ComponentType } from 'react';
import { MAP_ORIGIN } from './components/MapEmbed.tsx';
import { About } from './pages/about.tsx';
import { AdminRebuild } from './pages/admin-rebuild.tsx';
import { BlogArchive } from './pages/blog-archive.tsx';
import { BlogList } from './pages/blog-list.tsx';
import { BlogPost } from './pages/blog-post.tsx';
import { Category } from './pages/category.tsx';
import { Contact } from './pages/contact.tsx';
import { Detailing } from './pages/detailing.tsx';
import { DetailingList } from './pages/detailing-list.tsx';
import { Gallery } from './pages/gallery.tsx';
import { Home } from './pages/home.tsx';
import { Legal } from './pages/legal.tsx';
import { LocationPage } from './pages/location.tsx';
import { Locations } from './pages/locations.tsx';
import { NotFound } from './pages/not-found.tsx';
import { ServicePage } from './pages/service.tsx';

export { headScript } from './scripts/head-script.ts';

/** Origins the pages show in frames: the build's Content-Security-Policy allows them. */
export const frameOrigins: string[] = [MAP_ORIGIN];

/** theme-color: the espresso of the header and footer. */
export const themeColor = '#23160f';

export const templates: Record<string, ComponentType<any>> = {
  home: Home,
  about: About,
  gallery: Gallery,
  category: Category,
  service: ServicePage,
  'detailing-list': DetailingList,
  detailing: Detailing,
  locations: Locations,
  location: LocationPage,
  contact: Contact,
  'blog-list': BlogList,
  'blog-archive': BlogArchive,
  'blog-post': BlogPost,
  legal: Legal,
  'admin-rebuild': AdminRebuild,
  'not-found': NotFound,
};

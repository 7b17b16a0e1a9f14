// The templates the route table names. The engine imports this module only through its
// server bundle; it never imports a template by name.
import type { ComponentType } from 'react';
import * as pages from './pages/basic.tsx';

export const templates: Record<string, ComponentType<any>> = {
  home: pages.Home,
  about: pages.About,
  gallery: pages.Gallery,
  category: pages.Category,
  service: pages.Service,
  'detailing-list': pages.DetailingList,
  detailing: pages.Detailing,
  locations: pages.Locations,
  location: pages.LocationPage,
  contact: pages.Contact,
  'blog-list': pages.BlogList,
  'blog-post': pages.BlogPost,
  legal: pages.Legal,
  'admin-rebuild': pages.AdminRebuild,
  'not-found': pages.NotFound,
};

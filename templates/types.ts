// Props every page template receives from the route table.
import type { LayoutData } from '../src/routes/layout-data.ts';
import type { Crumb } from '../src/routes/json-ld.ts';

export type { LayoutData, Crumb };
export type { PostSummary } from '../src/routes/route-table.ts';
export type * from '../src/content/types.ts';

export interface PageProps {
  layout: LayoutData;
  /** The page's own path. */
  path: string;
  breadcrumbs?: Crumb[];
}

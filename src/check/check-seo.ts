// SEO rules on the pages search engines index, read from the route table (the head every page
// is rendered with, routes/types.ts Head): title over 60 characters, description outside 50–160
// characters, titles or descriptions shared by several pages.
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { PageRoute } from '../routes/types.ts';
import type { SourceLocator, SourcePosition } from './source-locator.ts';

// Where search results cut: titles at ~600 px (60–70 characters; 60 is the cautious end),
// descriptions at ~920 px (155–160 characters). docs/check.md says so.
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

/** The description as its author wrote it, and what the suffix rule added (routes/head.ts). */
function writtenDescription({ description, descriptionSuffix: suffix }: PageRoute['head']): { written: string; suffix?: string } {
  return suffix ? { written: description.slice(0, -suffix.length), suffix } : { written: description };
}

export function checkSeo(routes: PageRoute[], siteName: string, locator: SourceLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  const indexed = routes.filter((r) => !r.head.noindex && r.kind !== 'not-found');
  const titleAt = (r: PageRoute) => ownText(locator, r, [r.head.title.replace(` | ${siteName}`, '').trim(), r.head.title]);
  // The editor wrote the description without the suffix the route table may add.
  const descriptionAt = (r: PageRoute) => {
    const { written } = writtenDescription(r.head);
    return ownText(locator, r, [40, 25, 15].map((n) => written.slice(0, n)));
  };

  for (const r of indexed) {
    const { title, description } = r.head;
    if (title.length > TITLE_MAX) out.push(errors.titleTooLong(titleAt(r), title, r.path));
    if (description.length < DESCRIPTION_MIN || description.length > DESCRIPTION_MAX) {
      const { written, suffix } = writtenDescription(r.head);
      out.push(errors.descriptionLength(descriptionAt(r), r.path, written, suffix));
    }
  }

  for (const [text, pages] of groupBy(indexed, (r) => r.head.title)) {
    for (const r of pages) out.push(errors.duplicateTitle(titleAt(r), text, r.path, others(pages, r)));
  }
  for (const [, pages] of groupBy(indexed, (r) => r.head.description)) {
    for (const r of pages) out.push(errors.duplicateDescription(descriptionAt(r), r.path, others(pages, r)));
  }
  return out;
}

/** Where the page's own content file has one of the texts; else that file without a line. */
function ownText(locator: SourceLocator, r: PageRoute, texts: string[]): SourcePosition | Record<string, never> {
  const file = r.origin?.file;
  if (!file) return {};
  return locator.search(file, texts.filter((t) => t.length >= 8)) ?? { file };
}

function groupBy(routes: PageRoute[], key: (r: PageRoute) => string): Map<string, PageRoute[]> {
  const groups = new Map<string, PageRoute[]>();
  for (const r of routes) {
    const k = key(r);
    if (!k) continue;
    const group = groups.get(k);
    if (group) group.push(r);
    else groups.set(k, [r]);
  }
  return new Map([...groups].filter(([, list]) => list.length > 1));
}

function others(pages: PageRoute[], self: PageRoute): string[] {
  const rest = pages.filter((p) => p !== self).map((p) => p.path);
  return rest.length > 3 ? [...rest.slice(0, 3), `${rest.length - 3} more`] : rest;
}

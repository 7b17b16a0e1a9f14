// SEO rules on the rendered pages that search engines index: title over 60 characters,
// description outside 50–160 characters, titles or descriptions shared by several pages,
// and images without an alt attribute (on every page).
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { ALBUQUERQUE_SUFFIX } from '../routes/head.ts';
import type { RenderedPage } from '../render/page-facts.ts';
import { Findings } from './site-index.ts';
import type { SourceLocator, SourcePosition } from './source-locator.ts';

// Where search results cut: titles at ~600 px (60–70 characters; 60 is the cautious end),
// descriptions at ~920 px (155–160 characters). docs/check.md says so.
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

export function checkSeo(facts: RenderedPage[], siteName: string, locator: SourceLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  const indexed = facts.filter((f) => !f.route.head.noindex && f.route.kind !== 'not-found');
  const titleAt = (f: RenderedPage) => ownText(locator, f, [titleOf(f).replace(` | ${siteName}`, '').trim(), titleOf(f)]);
  const descriptionAt = (f: RenderedPage) => {
    // The editor wrote the description without the suffix the route table may add.
    const written = descriptionOf(f).endsWith(ALBUQUERQUE_SUFFIX) ? descriptionOf(f).slice(0, -ALBUQUERQUE_SUFFIX.length).trim() : descriptionOf(f);
    return ownText(locator, f, [40, 25, 15].map((n) => written.slice(0, n)));
  };

  for (const f of indexed) {
    if (titleOf(f).length > TITLE_MAX) out.push(errors.titleTooLong(titleAt(f), titleOf(f), f.route.path));
    if (descriptionOf(f).length < DESCRIPTION_MIN || descriptionOf(f).length > DESCRIPTION_MAX) {
      out.push(errors.descriptionLength(descriptionAt(f), descriptionOf(f), f.route.path));
    }
  }

  for (const [text, pages] of groupBy(indexed, titleOf)) {
    for (const f of pages) out.push(errors.duplicateTitle(titleAt(f), text, f.route.path, others(pages, f)));
  }
  for (const [, pages] of groupBy(indexed, descriptionOf)) {
    for (const f of pages) out.push(errors.duplicateDescription(descriptionAt(f), f.route.path, others(pages, f)));
  }

  const noAlt = new Findings<{ src: string; where?: SourcePosition }>();
  for (const f of facts) {
    for (const src of f.facts.imagesWithoutAlt ?? []) {
      const where = locator.locate(src, f.route.origin?.file);
      noAlt.add(`${src}\0${where?.file}:${where?.line}`, { src, where }, f.route.path);
    }
  }
  for (const { value, pages } of noAlt) out.push(errors.imageWithoutAlt(value.where ?? {}, value.src, pages));
  return out;
}

/** The page's title and description as its head writes them (document.ts), what search results show. */
function titleOf(page: RenderedPage): string {
  return page.route.head.title.trim();
}

function descriptionOf(page: RenderedPage): string {
  return page.route.head.description.trim();
}

/** Where the page's own content file has one of the texts; else that file without a line. */
function ownText(locator: SourceLocator, f: RenderedPage, texts: string[]): SourcePosition | Record<string, never> {
  const file = f.route.origin?.file;
  if (!file) return {};
  return locator.search(file, texts.filter((t) => t.length >= 8)) ?? { file };
}

function groupBy(facts: RenderedPage[], key: (f: RenderedPage) => string): Map<string, RenderedPage[]> {
  const groups = new Map<string, RenderedPage[]>();
  for (const f of facts) {
    const k = key(f);
    if (!k) continue;
    const group = groups.get(k);
    if (group) group.push(f);
    else groups.set(k, [f]);
  }
  return new Map([...groups].filter(([, list]) => list.length > 1));
}

function others(pages: RenderedPage[], self: RenderedPage): string[] {
  const rest = pages.filter((p) => p !== self).map((p) => p.route.path);
  return rest.length > 3 ? [...rest.slice(0, 3), `${rest.length - 3} more`] : rest;
}

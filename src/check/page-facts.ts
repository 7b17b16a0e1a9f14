// What the checks need from one rendered page: the link facts (ids, links, referenced files;
// see link-facts.ts, the same reading the build's link check uses), and, read with linkedom,
// the title and description and images without alt text.
import { parseHTML } from 'linkedom';
import type { PageRoute } from '../routes/types.ts';
import { linkFacts, type RefKind } from './link-facts.ts';

export type { RefKind };

/** What the link check needs of a page. */
export interface LinkedPage {
  route: PageRoute;
  /** Every id (and `<a name>`) on the page: the #fragments that resolve. */
  ids: Set<string>;
  /** `<a href>` values as written. */
  links: string[];
  /** Files the page loads, as written. */
  resources: { url: string; kind: RefKind }[];
}

export interface PageFacts extends LinkedPage {
  title: string;
  description: string;
  /** Marked noindex (left out of search results, so SEO rules do not apply). */
  noindex: boolean;
  /** `src` of each `<img>` with no alt attribute at all. */
  imagesWithoutAlt: string[];
}

export function pageFacts(route: PageRoute, html: string): PageFacts {
  const { ids, links, resources } = linkFacts(html);
  const { document } = parseHTML(html);
  const imagesWithoutAlt = [...document.querySelectorAll('img')].filter((img) => !img.hasAttribute('alt')).map((img) => img.getAttribute('src') ?? '(no src)');
  const robots = document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
  return {
    route,
    ids: new Set(ids),
    links,
    resources,
    title: (document.querySelector('title')?.textContent ?? '').trim(),
    description: (document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '').trim(),
    noindex: route.head.noindex || /noindex/i.test(robots),
    imagesWithoutAlt,
  };
}

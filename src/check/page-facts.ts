// What the checks need from one rendered page, read once with linkedom: its element ids, the
// links and referenced files, the title and description, and images without alt text.
import { parseHTML } from 'linkedom';
import type { PageRoute } from '../routes/types.ts';

export type RefKind = 'image' | 'video' | 'audio' | 'script' | 'stylesheet' | 'file';

export interface PageFacts {
  route: PageRoute;
  /** Every id (and `<a name>`) on the page: the #fragments that resolve. */
  ids: Set<string>;
  /** `<a href>` values as written. */
  links: string[];
  /** Files the page loads, as written. */
  resources: { url: string; kind: RefKind }[];
  title: string;
  description: string;
  /** Marked noindex (left out of search results, so SEO rules do not apply). */
  noindex: boolean;
  /** `src` of each `<img>` with no alt attribute at all. */
  imagesWithoutAlt: string[];
}

const LINK_RELS = new Set(['stylesheet', 'icon', 'shortcut', 'preload', 'modulepreload', 'apple-touch-icon', 'manifest', 'mask-icon']);

export function pageFacts(route: PageRoute, html: string): PageFacts {
  const { document } = parseHTML(html);
  const ids = new Set<string>();
  for (const el of document.querySelectorAll('[id]')) ids.add(el.getAttribute('id') ?? '');
  for (const el of document.querySelectorAll('a[name]')) ids.add(el.getAttribute('name') ?? '');

  const links = [...document.querySelectorAll('a[href], area[href]')].map((a) => a.getAttribute('href') ?? '');
  const resources: PageFacts['resources'] = [];
  const add = (url: string | null, kind: RefKind) => {
    if (url && url.trim()) resources.push({ url: url.trim(), kind });
  };
  const addSrcset = (srcset: string | null, kind: RefKind) => {
    for (const candidate of (srcset ?? '').split(',')) add(candidate.trim().split(/\s+/)[0] ?? '', kind);
  };
  // HTML attribute names are case-insensitive and React writes `srcSet`; linkedom keeps the case.
  const srcsetOf = (el: Element) => el.getAttribute('srcset') ?? el.getAttribute('srcSet');
  for (const img of document.querySelectorAll('img')) {
    add(img.getAttribute('src'), 'image');
    addSrcset(srcsetOf(img), 'image');
  }
  for (const source of document.querySelectorAll('source')) {
    const kind: RefKind = source.parentElement?.tagName === 'VIDEO' ? 'video' : source.parentElement?.tagName === 'AUDIO' ? 'audio' : 'image';
    add(source.getAttribute('src'), kind);
    addSrcset(srcsetOf(source), kind);
  }
  for (const video of document.querySelectorAll('video')) {
    add(video.getAttribute('src'), 'video');
    add(video.getAttribute('poster'), 'image');
  }
  for (const audio of document.querySelectorAll('audio, track')) add(audio.getAttribute('src'), 'audio');
  for (const script of document.querySelectorAll('script[src]')) add(script.getAttribute('src'), 'script');
  for (const link of document.querySelectorAll('link[href]')) {
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rels.some((r) => LINK_RELS.has(r))) add(link.getAttribute('href'), rels.includes('stylesheet') ? 'stylesheet' : link.getAttribute('as') === 'image' ? 'image' : 'file');
  }
  for (const meta of document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]')) add(meta.getAttribute('content'), 'image');
  for (const el of document.querySelectorAll('[style*="url("]')) {
    for (const m of (el.getAttribute('style') ?? '').matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) add(m[2], 'image');
  }

  const imagesWithoutAlt = [...document.querySelectorAll('img')].filter((img) => !img.hasAttribute('alt')).map((img) => img.getAttribute('src') ?? '(no src)');
  const robots = document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
  return {
    route,
    ids,
    links,
    resources,
    title: (document.querySelector('title')?.textContent ?? '').trim(),
    description: (document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '').trim(),
    noindex: route.head.noindex || /noindex/i.test(robots),
    imagesWithoutAlt,
  };
}

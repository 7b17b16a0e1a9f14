// Renders one page route into its full HTML document. Shared by the main thread (small sites,
// dev) and the render workers (large sites), so both produce the same bytes.
import type { ServerModule } from './bundle-templates.ts';
import { imagePreloadsOf, renderDocument, type DocumentParts } from './document.ts';
import type { LinkFacts } from './page-facts.ts';
import { PageRecorder } from './page-recorder.ts';
import type { KeptParts } from './reused.tsx';
import { pageAlternates } from '../feeds/feed-links.ts';
import type { ImageUse } from '../images/image-context.ts';
import { imagePreloads } from '../images/recorded-images.ts';
import { pageJsonLd } from '../routes/json-ld.ts';
import type { PageRoute } from '../routes/types.ts';

/** Everything a page's document needs besides its route; plain data, so it can go to a worker. */
export interface RenderContext {
  /** Per island name: its entry module and the chunks it imports (public URLs). */
  entries: [string, { src: string; imports: string[]; deferred?: string[] }][];
  /** Public URLs of the stylesheets. */
  styles: string[];
  siteName: string;
  favicon?: string;
  extraHead?: string;
}

export interface PageDocument {
  html: string;
  /** Island entry names used by the page. */
  islands: string[];
  /**
   * Public URLs of every script the page runs: entries, the chunks they import, then the chunks
   * lazy entries load later (an idle or visible island's component and React). The page-weight
   * report and the JS budget count them all.
   */
  scripts: string[];
  /** The images the page emitted (recorded while rendering): preload, budget, variants to encode. */
  images: ImageUse[];
  /** Its ids, links and referenced files, head and body, in document order. */
  links: LinkFacts;
}

/**
 * `kept`: the page parts of earlier pages to paste (reused.tsx); none by default.
 * `fragments`: the link facts of raw HTML the page inserts (its Markdown body), by its text.
 */
export function renderPageDocument(server: ServerModule, context: RenderContext, entries: Map<string, { src: string; imports: string[]; deferred?: string[] }>, route: PageRoute, kept: KeptParts = new WeakMap(), fragments?: [string, LinkFacts][]): PageDocument {
  const body = server.renderPage(server.templates, route.template, route.props, kept, fragments);
  const scripts: string[] = [];
  const preloads = new Set<string>();
  const later = new Set<string>();
  for (const name of body.islands) {
    const entry = entries.get(name);
    if (!entry) throw new Error(`island "${name}" has no client entry (expected templates/islands/${name}.tsx)`);
    scripts.push(entry.src);
    for (const chunk of entry.imports) preloads.add(chunk);
    for (const chunk of entry.deferred ?? []) later.add(chunk);
  }
  const sortedPreloads = [...preloads].sort();
  const parts: DocumentParts = {
    head: route.head,
    jsonLd: pageJsonLd(route),
    alternates: pageAlternates(route),
    body: body.html,
    siteName: context.siteName,
    styles: context.styles,
    scripts,
    preloads: sortedPreloads,
    inlineScript: server.headScript,
    themeColor: server.themeColor,
    favicon: context.favicon,
    extraHead: context.extraHead,
    imagePreloads: imagePreloads(route.head.preloadImages, body.images),
  };
  const html = renderDocument(parts);
  const loaded = new Set([...scripts, ...sortedPreloads]);
  const deferred = [...later].filter((chunk) => !loaded.has(chunk)).sort();
  const links = { ...body.links, resources: [...headResources(parts), ...body.links.resources] };
  return { html, islands: body.islands, scripts: [...loaded, ...deferred], images: body.images, links };
}

/**
 * The files the document's head loads, in its order (document.ts renderDocument): the social
 * image, the icon, the stylesheets, the preloaded images and chunks, the scripts. The canonical
 * and alternate links are not files it loads; `extraHead` (dev's live reload) is not read.
 */
function headResources(p: DocumentParts): LinkFacts['resources'] {
  const head = new PageRecorder();
  head.resource(p.head.image, 'image'); // og:image
  head.resource(p.head.image, 'image'); // twitter:image
  if (p.favicon) head.resource(p.favicon, 'file');
  for (const href of p.styles) head.resource(href, 'stylesheet');
  for (const pre of imagePreloadsOf(p.head, p)) head.resource(pre.href, 'image');
  for (const href of p.preloads) head.resource(href, 'file');
  for (const src of p.scripts) head.resource(src, 'script');
  return head.resources;
}


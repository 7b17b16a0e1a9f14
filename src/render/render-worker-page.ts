// Renders one page route into its full HTML document. Shared by the main thread (small sites,
// dev) and the render workers (large sites), so both produce the same bytes.
import type { ServerBundle } from './bundle-templates.ts';
import { renderDocument, type ImagePreload } from './document.ts';
import type { ImageManifest } from '../images/image-manifest.ts';
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
}

/** What rendering needs of the templates bundle (the loaded module, on any thread). */
export type ServerModule = Pick<ServerBundle, 'templates' | 'renderPage' | 'headScript' | 'themeColor'>;

export function renderPageDocument(server: ServerModule, context: RenderContext, entries: Map<string, { src: string; imports: string[]; deferred?: string[] }>, route: PageRoute): PageDocument {
  const body = server.renderPage(server.templates, route.template, route.props);
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
  const html = renderDocument({
    head: route.head,
    body: body.html,
    siteName: context.siteName,
    styles: context.styles,
    scripts,
    preloads: sortedPreloads,
    inlineScript: server.headScript,
    themeColor: server.themeColor,
    favicon: context.favicon,
    extraHead: context.extraHead,
    imagePreloads: imagePreloads(route, body.html),
  });
  const loaded = new Set([...scripts, ...sortedPreloads]);
  const deferred = [...later].filter((chunk) => !loaded.has(chunk)).sort();
  return { html, islands: body.islands, scripts: [...loaded, ...deferred] };
}

/**
 * A preloaded photo that the page shows through its responsive variants (its AVIF srcset is
 * in the body) is preloaded as the AVIF candidate the browser will pick for the slot the page
 * gives it (its <source>'s `sizes`), so it is not fetched twice; a page that shows the original preloads the original.
 */
function imagePreloads(route: PageRoute, body: string): ImagePreload[] | undefined {
  const images = (route.props.layout as { images?: ImageManifest } | undefined)?.images;
  const preloads = route.head.preloadImages;
  if (!images || !preloads?.some((src) => images[src])) return undefined;
  return preloads.map((src) => {
    const entry = images[src];
    const shown = entry && body.includes(entry.sources[0].srcset.split(' ')[0]);
    if (!entry || !shown) return { href: src };
    const [first] = entry.sources;
    return { href: entry.fallback.src, srcset: first.srcset, sizes: sizesOf(body, first.srcset) ?? '100vw', type: first.type };
  });
}

/** The `sizes` of the page's <source> with this srcset: the preload must ask for the same slot. */
function sizesOf(body: string, srcset: string): string | undefined {
  const at = body.indexOf(`="${srcset}"`);
  if (at < 0) return undefined;
  const tag = body.slice(body.lastIndexOf('<', at), body.indexOf('>', at));
  return /\ssizes="([^"]*)"/i.exec(tag)?.[1];
}

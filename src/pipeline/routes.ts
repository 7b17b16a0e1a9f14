// Stages 3–4: the photo variants the pages can use, then the route table: every page, redirect,
// related-post list, archive page and listing index, from the content graph alone (front matter
// and YAML; no Markdown has been rendered yet — a page's Markdown travels with its route).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { largestOf } from '../budgets/page-image.ts';
import { contentPhotos, planImages, referencedPhotos } from '../images/build-images.ts';
import { encodeImages } from '../images/encode-variants.ts';
import { isReusingWriter } from '../output/incremental-writer.ts';
import { layoutData } from '../routes/layout-data.ts';
import { CARD_TEMPLATE } from '../cards/card-template.ts';
import { readChosenCards, siteCardOf } from '../cards/chosen-cards.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { BLOG_FEEDS } from '../feeds/feed-links.ts';
import { SITE_FILES } from '../output/site-files.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import type { OutputFiles } from '../routes/redirects.ts';
import type { BuildContext, BuildState, RenderedPage } from './state.ts';

/** Before rendering: every content photo's manifest entry (size, placeholder, variant URLs) from its hash and header. */
export async function imagesStage(state: BuildState, options: BuildContext): Promise<void> {
  const { config } = state;
  const graph = state.graph!;
  const previous = options.incremental?.reuse.images ? options.incremental.previous.images : undefined;
  state.images = previous ?? await planImages(config.assetsDir, config.cacheDir, referencedPhotos(graph), { encode: options.encodeImages, allPhotos: contentPhotos(graph.assets) });
  for (const { src, reason } of previous ? [] : state.images.unreadable) {
    state.diagnostics.push(errors.photoUnreadable({ file: relative(config.root, join(config.assetsDir, src)) }, reason));
  }
}

/**
 * After rendering: only the variants the pages' srcsets can pick are encoded (those the cache
 * lacks); then each rendered page's largest image on a phone is known, and the writer records
 * every page's facts. A dev rebuild that took the previous plan over has its variants already.
 */
export async function encodeStage(state: BuildState, options: BuildContext, referenced: Set<string>): Promise<void> {
  if (state.images && state.images !== options.incremental?.previous.images) {
    state.images = await encodeImages(state.images, referenced, { onProgress: (done, total) => options.onProgress?.({ type: 'count', what: 'photos', done, total }) });
  }
  const bytes = state.images?.bytes ?? new Map<string, number>();
  const reusing = isReusingWriter(options.writer) ? options.writer : undefined;
  for (const [output, page] of state.pages) {
    settleImage(page, bytes);
    reusing?.describe(output, page.facts);
  }
}

/** A rendered page's largest phone image, once the bytes of the variants it loads are known. */
export function settleImage(page: RenderedPage, bytes: ReadonlyMap<string, number>): RenderedPage {
  if (page.facts.imageLoads) page.facts.image = largestOf(page.facts.imageLoads, bytes);
  delete page.facts.imageLoads;
  return page;
}

export async function routesStage(state: BuildState, options: BuildContext): Promise<void> {
  const { config } = state;
  const graph = state.graph!;
  const siteUrl = siteUrlOf(state);
  // Every canonical URL, og:url and og:image is absolute: never "undefined/blog/x". No page can be made.
  if (!siteUrl) throw new StitchError([errors.siteUrlMissing()]);
  state.layout = layoutData(graph, config, siteUrl, state.images?.manifest);
  const ownCards = existsSync(join(config.templatesDir, CARD_TEMPLATE)); // templates without a card: the site card everywhere
  const chosen = await readChosenCards(graph, config.assetsDir); // the images editors name for their cards, checked
  state.diagnostics.push(...chosen.diagnostics);
  const table = buildRouteTable(graph, state.layout, await siteCardOf(config.assetsDir, graph.site, state.images?.manifest), ownCards, generatedFiles(state), chosen.ogImages);
  state.routes = table.routes;
  state.files = table.files;
  state.prefixRedirects = table.prefixRedirects;
  state.diagnostics.push(...table.diagnostics);
}

/**
 * The files of the output that are not routes: site-assets/, the host's files and the blog's
 * feeds; and `assets/`, where the scripts, styles and photo variants go under hashed names.
 */
function generatedFiles(state: BuildState): OutputFiles {
  const files = [...state.graph!.assets].map((a) => a.slice(1));
  files.push(...Object.values(SITE_FILES), ...Object.values(BLOG_FEEDS).map((f) => f.path.slice(1)));
  return { files, folders: ['assets'] };
}

/** The site's origin: SITE_URL, else site.yaml's url, without a trailing slash; undefined when neither is set. */
export function siteUrlOf(state: BuildState): string | undefined {
  return state.config.siteUrlOverride ?? state.graph!.site.url?.replace(/\/+$/, '');
}

// The cards stage: the social card (og:image) of every page that has its own (posts, service
// categories, services, detailing, locations), drawn from templates/cards and cached by content
// hash, or the editor's own image (src/cards); the write stage outputs them. Other pages use the
// site card (site.yaml `image`, see cards/chosen-cards.ts).
import { buildCards } from '../cards/build-cards.ts';
import { bundleCardTemplate } from '../cards/card-template.ts';
import { errors } from '../errors/catalogue.ts';
import { pagesLabel } from '../check/site-index.ts';
import { bundleCaches } from './bundles.ts';
import type { BuildContext, BuildState } from './state.ts';

export async function cardsStage(state: BuildState, options: BuildContext): Promise<void> {
  const { config } = state;
  const graph = state.graph!;
  // A dev rebuild that took the route table over has the same cards, and dev draws none.
  const previous = state.routesTakenOver && !options.renderCards ? options.incremental?.previous.cards : undefined;
  const jobs = previous ? [] : cardJobs(state);
  if (!previous && jobs.length === 0) return; // templates without a card template (the routes gave every page the site card)
  state.cards = previous ?? await buildCards(jobs, {
    root: config.root, assetsDir: config.assetsDir, cacheDir: config.cacheDir, caches: state.caches, writer: options.writer,
    siteName: graph.site.name, siteUrl: state.layout!.siteUrl, logo: graph.site.logo, render: options.renderCards,
    workers: options.workers, production: config.mode === 'production',
    bundle: () => bundleCardTemplate(config.root, config.templatesDir, config.cacheDir, bundleCaches(state)),
    onProgress: (done, total) => options.onProgress?.({ type: 'count', what: 'cards', done, total }),
  });
  for (const { photo, reason, pages } of state.cards.photoErrors) {
    const job = (previous ? cardJobs(state) : jobs).find((j) => j.page === pages[0]);
    // A post's photo is its own field (its cover, or the card's); a service's is a field deep in its category's file.
    const post = job?.kind === 'blog-post' ? graph.posts.find((p) => p.origin.file === job.origin?.file) : undefined;
    const where = { file: job?.origin?.file, ...(post ? { field: post.card?.image === photo ? 'card.image' : 'coverImage' } : { line: job?.origin?.line }) };
    state.diagnostics.push(errors.cardPhotoUnreadable(where, photo, pagesLabel(pages), reason));
  }
}

/** A card to draw for every page that has its own. */
function cardJobs(state: BuildState) {
  return [...state.pages.values()].flatMap(({ route }) => (route.card ? [{ ...route.card, page: route.path, origin: route.origin, kind: route.kind }] : []));
}

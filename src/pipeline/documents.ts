// The documents stage: decides what needs rendering (a page whose key matches the last build's
// output is kept), hands each document the Markdown HTML the cache has, renders the rest
// (render/render-documents.ts, on this thread or the executor's workers) and collects their facts.
import { createHash, hash as oneShot } from 'node:crypto';
import { engineVersion } from '../cache/engine-version.ts';
import { noCaches, type Cache } from '../cache/cache.ts';
import { markdownCacheKind, markdownKeys } from '../cache/markdown-cache.ts';
import { resolveBudgets } from '../budgets/budgets.ts';
import { PageWeights } from '../budgets/budgets.ts';
import { bodyReleased, postBody, readBackBody } from '../content/post-bodies.ts';
import { errors } from '../errors/catalogue.ts';
import type { MarkdownOptions } from '../markdown/options-key.ts';
import { isReusingWriter } from '../output/incremental-writer.ts';
import { writeErrorDiagnostic } from '../output/out-dir-guard.ts';
import { LinkInterner } from '../render/link-strings.ts';
import type { DocumentInput, DocumentJob, RenderContext } from '../render/render-documents.ts';
import type { PageRoute } from '../routes/types.ts';
import { WorkerFailure } from '../executor/executor.ts';
import { renderOnExecutor } from './executor.ts';
import { FeedBodies } from './feeds.ts';
import { type BuildContext, type BuildState, type RenderedPage } from './state.ts';

/** Renders what needs rendering; resolves with the image URLs the rendered pages can load. */
export async function documentsStage(state: BuildState, options: BuildContext): Promise<Set<string>> {
  const { config } = state;
  const writer = options.writer;
  const markdownOptions = { siteUrl: state.layout!.siteUrl };
  // The CLI's writer keeps pages whose inputs did not change since the last build; the passes
  // write the others into its folder themselves.
  const reusing = isReusingWriter(writer) ? writer : undefined;
  if (reusing) await reusing.prepare();
  const keyOf = reusing ? keptKeys(state, options.incremental?.previous, pageKeys(state, options.extraHead)) : undefined;
  const keys = new Map<string, string>();
  if (keyOf) state.pageKeys = keys;
  const weights = new PageWeights();
  const found = new Map<string, RenderedPage>();

  const toRender: PageRoute[] = [];
  for (const route of state.routes) {
    if (route.type !== 'page') continue;
    if (keyOf) {
      const key = keyOf(route);
      keys.set(route.output, key);
      const kept = reusing!.reuse(route.output, key);
      // A page kept from a build that did not record its links is rendered again, once.
      if (kept && (!options.links || kept.links)) {
        found.set(route.output, { route, facts: kept });
        continue;
      }
    }
    toRender.push(route);
  }

  // The blog feeds carry the newest posts' bodies: their passes send them back.
  const graph = state.graph!;
  const feed = new FeedBodies(graph.posts, (post) => postBody(graph, post));
  const cache = await markdownCacheFor(state, markdownOptions, toRender, feed.size > 0);
  const inputs: DocumentInput[] = toRender.map((route) => ({ route }));
  const job: DocumentJob = {
    serverFile: state.server!.file,
    context: renderContext(state, options.extraHead),
    markdown: markdownOptions,
    gzipAbove: options.weighPages ? resolveBudgets(graph.site).html : undefined,
    phoneImages: options.weighPages,
    links: options.links,
    writeTo: reusing?.directory,
  };
  const original = new Map(toRender.map((route) => [route.output, route]));
  // A document is completed just before its chunk goes to a worker, and let go once its facts
  // are in: the post's body read back from its file (this thread keeps none in `stitch build`),
  // its HTML from the Markdown cache.
  const unreadable = new Set<string>();
  const prepare = (chunk: DocumentInput[]) => chunk.map((input): DocumentInput => {
    let { route } = input;
    const body = route.markdown?.body === '' && route.origin ? readBackBody(graph, route.origin.file) : undefined;
    if (body !== undefined) {
      if (body === null) unreadable.add(route.output);
      route = { ...route, markdown: { ...route.markdown!, body: body ?? '' } };
    }
    return route.markdown ? { ...input, route, markdownHtml: cache?.get(route.markdown.body) } : { ...input, route };
  });
  // Every page's link facts stay on this thread until the link check: their strings are shared.
  const interner = new LinkInterner();
  const writeFailures = new Set<string>();
  const referenced = new Set<string>();
  await renderOnExecutor(config, options.workers, job, inputs, async ({ route, markdownHtml }, facts) => {
    if (facts instanceof WorkerFailure) {
      feed.failed(route);
      // Over a limit while its Markdown rendered: the Markdown is the likely cause (fits-inline.ts).
      const markdown = facts.limit && route.markdown && markdownHtml === undefined;
      state.diagnostics.push(markdown ? errors.markdownFailed({ file: route.origin?.file ?? route.path, line: route.origin?.line }, facts.message) : errors.workerFailed(route.output, facts.message, route.origin?.file));
      return;
    }
    if (unreadable.has(route.output)) {
      state.diagnostics.push(errors.renderFailed(route.path, 'the file changed or went away while the site was building: build again', route.origin?.file));
      return;
    }
    if (facts.writeError) {
      // The file system's error (permission, full disk) is reported once, as the environment's.
      const { message, code, path } = facts.writeError;
      const diagnostic = writeErrorDiagnostic(Object.assign(new Error(message), { code, path }), config) ?? errors.renderFailed(route.path, message, route.origin?.file);
      if (!writeFailures.has(diagnostic.message)) state.diagnostics.push(diagnostic);
      writeFailures.add(diagnostic.message);
      return;
    }
    if (facts.error) {
      state.diagnostics.push({ ...errors.renderFailed(route.path, facts.error.message, route.origin?.file), ...(config.debug && facts.error.stack ? { frame: facts.error.stack } : {}) });
      return;
    }
    for (const url of facts.imageUrls) referenced.add(url);
    if (facts.markdownError !== undefined) state.diagnostics.push(errors.markdownFailed({ file: route.origin?.file ?? route.path, line: route.origin?.line }, facts.markdownError));
    else if (facts.markdownHtml !== undefined && route.markdown) cache?.set(route.markdown.body, facts.markdownHtml);
    if (facts.markdownError === undefined) feed.record(route, facts.markdownHtml ?? markdownHtml);
    else feed.failed(route);
    const page = facts.facts;
    if (page.links) page.links = interner.intern(page.links);
    found.set(route.output, { route: original.get(route.output)!, facts: page });
    if (options.weighPages && page.gzip === undefined) weights.add(route.kind, route.output, page.bytes ?? 0, facts.html);
    const key = keys.get(route.output);
    if (facts.html !== undefined) await (reusing && key ? reusing.writePage(route.output, facts.html, key) : writer?.write(route.output, facts.html));
    else if (facts.mtimeMs !== undefined) reusing!.wrotePage(route.output, keys.get(route.output)!, page.bytes ?? 0, facts.mtimeMs);
  }, prepare);
  state.feedBodies = await feed.finish(markdownOptions, cache);
  await cache?.save();
  state.rendered = toRender.length;

  // Pages finish in any order: keep them in route order (sitemap, reports, check).
  for (const route of state.routes) {
    const page = found.get(route.output);
    if (page) state.pages.set(route.output, page);
  }
  for (const [output, gzip] of await weights.measure(async (path) => writer?.readBack?.(path))) {
    const page = state.pages.get(output);
    if (page) page.facts.gzip = gzip;
  }
  if (reusing?.directory !== undefined) releaseProps(state);
  return referenced;
}

/**
 * Lets go of the page routes' props (most of the route table) once the pages went to disk (the
 * CLI's build, never rendered from again): ~20 MB of the build thread's heap through the cards
 * stage at 10,000 posts.
 */
function releaseProps(state: BuildState): void {
  for (const page of state.pages.values()) page.route = { ...page.route, props: {} };
  state.routes = state.routes.map((route) => (route.type === 'page' ? state.pages.get(route.output)?.route ?? route : route));
}

/**
 * A dev rebuild's page keys: a route that is the same object as in the previous build (the
 * routes stage took it over: post-edits.ts) keeps its key when what every page shares is the
 * same too; hashing the JSON of ~4,000 routes' props was most of a body edit's rebuild.
 */
function keptKeys(state: BuildState, previous: BuildState | undefined, fresh: (route: PageRoute) => string): (route: PageRoute) => string {
  const keys = previous?.pageKeys;
  if (!keys || previous.pageKeyBase !== state.pageKeyBase) return fresh;
  return (route) => (previous.pages.get(route.output)?.route === route ? keys.get(route.output) : undefined) ?? fresh(route);
}

/** The Markdown HTML of earlier builds, as the documents stage and the feeds ask for it. */
interface MarkdownHtml {
  get(body: string): string | undefined;
  set(body: string, html: string): void;
  save(): Promise<void>;
}

/**
 * The Markdown HTML already rendered by an earlier build, by Markdown body (cache/file-cache.ts:
 * the dev session's memory, .stitch/cache/markdown for the CLI, none for check). Undefined when
 * no document needs Markdown rendered and no post is in the blog feeds (`forFeeds`).
 */
async function markdownCacheFor(state: BuildState, markdownOptions: MarkdownOptions, routes: PageRoute[], forFeeds = false): Promise<MarkdownHtml | undefined> {
  const markdownRoutes = routes.filter((r) => r.markdown).length;
  if ((markdownRoutes === 0 && !forFeeds) || state.caches === noCaches) return undefined;
  const cache: Cache<string> = await state.caches.open(markdownCacheKind());
  const key = markdownKeys(markdownOptions);
  // Entries of documents no longer in the site go — only known when every document was asked for
  // (pages kept from the last output do not ask).
  const all = markdownRoutes === state.routes.filter((r) => r.type === 'page' && r.markdown).length;
  return {
    get: (body) => cache.get(key(body)),
    set: (body, html) => cache.set(key(body), html),
    save: async () => {
      if (all) cache.prune();
      await cache.save();
    },
  };
}

/** What every page's document shares: island entries, stylesheet, site name, icon. */
export function renderContext(state: BuildState, extraHead?: string): RenderContext {
  return {
    entries: [...(state.client?.entries ?? [])],
    styles: state.styles?.href ? [state.styles.href] : [],
    siteName: state.graph!.site.name,
    favicon: state.graph!.assets.has('/favicon.svg') ? '/favicon.svg' : undefined,
    extraHead,
  };
}

/**
 * A page's key: everything its HTML is made from. The engine version (all of src/ and the
 * libraries of a page, Markdown's included), the templates bundle, what every document shares (scripts, stylesheet, layout data,
 * which holds the site URL the Markdown links resolve against) and the route itself (template,
 * props, head, Markdown body, or the hash of the post file it was cut from). Equal keys give
 * byte-identical pages.
 */
export function pageKeys(state: BuildState, extraHead?: string): (route: PageRoute) => string {
  const shared = createHash('sha256')
    .update(engineVersion).update('\0')
    .update(state.server!.hash).update('\0')
    .update(JSON.stringify(renderContext(state, extraHead))).update('\0')
    .update(JSON.stringify(state.layout ?? null)).update('\0')
    // A kept page needs the photo variants its build encoded: only in the same image cache.
    .update(state.images?.generation ?? '')
    .digest('hex');
  state.pageKeyBase = shared;
  const sources = state.graph?.sources;
  return (route) => {
    const { layout, ...props } = route.props;
    const { markdown, ...rest } = route;
    // One string hashed at once (crypto.hash): half the cost of a Hash object fed in parts, the same digest.
    let text = shared + (layout === state.layout ? 'shared layout' : JSON.stringify(layout ?? null)) + JSON.stringify({ ...rest, props, markdownInto: markdown?.into });
    if (markdown) {
      // A post's body stands for the sha256 of its file's text, which the content stage
      // computed anyway (the text holds the body; hashing 4,000 bodies again was a fifth of
      // the keys' cost) — only while the body is still the one cut from that text (stitch dev
      // puts an edited body in place). Else the body itself, after a NUL no JSON holds.
      // `stitch build` keeps no post body: an empty one then stands for the file's (post-bodies.ts).
      const source = route.origin && sources?.get(route.origin.file);
      if (source && (bodyReleased(source) ? markdown.body === '' : source.body === markdown.body)) text += `\x01${source.hash}`;
      else text += `\0${markdown.body}`;
    }
    return oneShot('sha256', text);
  };
}

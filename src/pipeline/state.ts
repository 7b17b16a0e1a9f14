// What flows through the stages of a build (build.ts), and the options that shape it.
import type { PageWeight } from '../budgets/budgets.ts';
import type { CardsResult } from '../cards/build-cards.ts';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import type { TextMemo } from '../content/load-content.ts';
import type { ContentGraph } from '../content/types.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { ImagePlan } from '../images/build-images.ts';
import type { ClientBundle } from '../islands/bundle-islands.ts';
import type { Caches } from '../cache/cache.ts';
import { cachesFor } from '../cache/open-caches.ts';
import type { Writer } from '../output/writer.ts';
import type { StyleBundle } from '../render/bundle-styles.ts';
import type { RenderedPage } from '../render/page-facts.ts';
import type { ServerBundle } from '../render/bundle-templates.ts';
import type { LayoutData } from '../routes/layout-data.ts';
import type { PrefixRedirect, Route } from '../routes/types.ts';

export type { RenderedPage };

export type BuildMode = 'build' | 'dev' | 'check';

/** The state that flows through the stages. */
export interface BuildState {
  /** Resolved flags, environment and paths. */
  config: ResolvedConfig;
  /** What the build is for: the CLI's `build`, a `dev` session's rebuild, or `check` (options.mode). */
  mode: BuildMode;
  /** Where the stages keep what a later build may reuse (cache/open-caches.ts), resolved once in build(). */
  caches: Caches;
  /** The validated, linked content. */
  graph?: ContentGraph;
  /** Data every page's layout receives. */
  layout?: LayoutData;
  /** Every page and redirect stub, sorted by path. */
  routes: Route[];
  /** Prefix redirect rules. */
  prefixRedirects: PrefixRedirect[];
  /** Server module with the templates. */
  server?: ServerBundle;
  /** Client island bundles. */
  client?: ClientBundle;
  /** Site stylesheet. */
  styles?: StyleBundle;
  /** What each page's pass reported, per output path, in route order (never its HTML: that is in the writer). */
  pages: Map<string, RenderedPage>;
  /** Everything reported so far. */
  diagnostics: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** What every page weighs (HTML, CSS, JS, image; gzip), when there is a writer or budgets are checked. */
  weights?: PageWeight[];
  /** Responsive variants of the content photos: manifest, files, sizes (planned before rendering, encoded after). */
  images?: ImagePlan;
  /** Data files of the route table (a large blog's listing index). */
  files?: { path: string; contents: string }[];
  /** Pages rendered by this build (the others were kept from the last output). */
  rendered?: number;
  /** The Markdown HTML of the posts the blog feeds carry, by slug (documents stage; the write stage makes the feeds). */
  feedBodies?: Map<string, string>;
  /** The pages' social cards: their files in the card cache, and what was drawn (src/cards). */
  cards?: CardsResult;
  /** Each page's key (documents.ts pageKeys), by output path, when the writer keeps pages. */
  pageKeys?: Map<string, string>;
  /** The part of every page's key that all pages share (a rebuild with the same keeps the keys of unchanged routes). */
  pageKeyBase?: string;
  /** What the content, link, images and routes stages reported (a dev rebuild that takes their results over reports them again). */
  contentDiagnostics?: Diagnostic[];
  /** What the link check found on each page, by page path (check/check-links.ts `PageFindings`): a dev rebuild keeps those of unchanged pages. */
  linkFindings?: Map<string, readonly { key: string; file?: string }[]>;
  /** Each diagnostic of this build with its line and code frame (a dev rebuild reuses those of unchanged files). */
  located?: Map<Diagnostic, Diagnostic>;
  /** The warnings of the route table's rules and of the Markdown bodies (check/site-warnings.ts): a build that takes the route table over takes them too. */
  routeWarnings?: Diagnostic[];
  markdownWarnings?: Diagnostic[];
  /** The route table is the previous build's with posts' bodies changed (dev: post-edits.ts): what comes from routes alone stands. */
  routesTakenOver?: boolean;
  /** Redirect stubs, sitemap, robots.txt, _redirects and _headers: what the write stage makes of the route table. */
  siteFiles?: { path: string; contents: string }[];
}

/**
 * The options as the stages read them: resolved once in build(), defaults by mode (dev
 * neither minifies nor copies site-assets/, which it serves from disk).
 */
export type BuildContext = Required<Pick<BuildOptions, 'mode' | 'minify' | 'copyAssets' | 'keepGoing' | 'cache' | 'workers' | 'links' | 'budgets' | 'encodeImages' | 'renderCards'>> & BuildOptions & {
  /** Pages are weighed: for the CLI's report and for the budgets (dev shows neither). */
  weighPages: boolean;
};

export function resolveBuildOptions(config: ResolvedConfig, options: BuildOptions): BuildContext {
  const mode = options.mode ?? 'build';
  const budgets = options.budgets ?? false;
  return {
    ...options,
    mode,
    minify: options.minify ?? mode !== 'dev',
    copyAssets: options.copyAssets ?? mode !== 'dev',
    keepGoing: options.keepGoing ?? false,
    cache: options.cache ?? cachesFor(mode, config),
    workers: options.workers ?? true,
    links: options.links ?? false,
    budgets,
    encodeImages: options.encodeImages ?? false,
    renderCards: options.renderCards ?? false,
    weighPages: budgets || (options.writer !== undefined && mode !== 'dev'),
  };
}

export interface BuildOptions {
  /** Where output goes; nothing is written when omitted. */
  writer?: Writer;
  /** Minify client code (off in dev for readable stacks). */
  minify?: boolean;
  /** Extra tags for every page head (dev live reload). */
  extraHead?: string;
  /** Copy site-assets/ into the output (the dev server serves them from disk instead). */
  copyAssets?: boolean;
  /**
   * Go on past content, link, route-table and render errors (a file that fails to load is left
   * out) and write what could be built, so `check` reports every problem of a run at once.
   * With errors the writer is left as it is (neither committed nor aborted): use a
   * MemoryWriter. `ok` is still false.
   */
  keepGoing?: boolean;
  /** Texts of content files known unchanged since an earlier build (dev). */
  texts?: TextMemo;
  /** Dev rebuilds: reuse the bundles and photo variants of an earlier build. */
  incremental?: IncrementalOptions;
  /** What the build is for (default `build`): `dev` keeps bodies for in-place edits, `check` reads every file fresh. */
  mode?: BuildMode;
  /** Where what a later build may reuse is kept; default: the mode's (cache/open-caches.ts `cachesFor`). */
  cache?: Caches;
  /** Render on worker threads when there is enough work (default true). */
  workers?: boolean;
  /** Check links, #fragments and referenced files of the rendered pages; a broken one is an error (default false). */
  links?: boolean;
  /** Check the page-weight budgets of site.yaml; a page over budget is an error (default false). */
  budgets?: boolean;
  /**
   * Encode the photo variants that are not in the image cache yet (slow the first time; the
   * CLI build does). Otherwise only cached photos get variants and the rest keep their original.
   */
  encodeImages?: boolean;
  /**
   * Draw the social cards the card cache lacks and output every card (the CLI build does).
   * Otherwise no card is output (dev, check): the pages still name them.
   */
  renderCards?: boolean;
  /** Hears of each stage as it finishes and of the photos and cards made so far (the CLI's progress: cli/build-progress.ts). */
  onProgress?: (event: ProgressEvent) => void;
}

/** A stage finished (what it made, in words, and its wall time), or a long stage's count moved on. */
export type ProgressEvent =
  | { type: 'stage'; stage: string; made: string; ms: number }
  | { type: 'count'; what: 'photos' | 'cards'; done: number; total: number };

/** Dev rebuilds: what is taken from the previous build (pages are kept by the writer, by page key). */
export interface IncrementalOptions {
  /** The earlier successful build (never changed by this one). */
  previous: BuildState;
  /** Absolute paths of the files added, changed or removed since `previous`; undefined when not known. */
  changed?: string[];
  /** Bundles taken from `previous` instead of bundling again (their sources did not change). */
  reuse: { server?: boolean; client?: boolean; styles?: boolean; images?: boolean };
}

export interface BuildResult {
  ok: boolean;
  state: BuildState;
}

export function newState(config: ResolvedConfig, mode: BuildMode, caches: Caches): BuildState {
  return { config, mode, caches, routes: [], prefixRedirects: [], pages: new Map(), diagnostics: [], timings: {} };
}

/** Runs a stage and adds its wall time to state.timings. */
export async function timed<T>(state: BuildState, stage: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    state.timings[stage] = (state.timings[stage] ?? 0) + performance.now() - start;
  }
}

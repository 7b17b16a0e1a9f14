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
import { cachesFor } from '../cache/file-cache.ts';
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
  config: ResolvedConfig;
  mode: BuildMode;
  /** Where the stages keep what a later build may reuse (cache/file-cache.ts). */
  caches: Caches;
  graph?: ContentGraph;
  /** Data every page's layout receives. */
  layout?: LayoutData;
  /** Every page and redirect stub, sorted by path. */
  routes: Route[];
  prefixRedirects: PrefixRedirect[];
  server?: ServerBundle;
  client?: ClientBundle;
  styles?: StyleBundle;
  /** What each page's pass reported, by output path, in route order (its HTML is in the writer). */
  pages: Map<string, RenderedPage>;
  diagnostics: Diagnostic[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  weights?: PageWeight[];
  /** Responsive variants of the content photos (planned before rendering, encoded after). */
  images?: ImagePlan;
  /** Data files of the route table (a large blog's listing index). */
  files?: { path: string; contents: string }[];
  /** Pages rendered by this build (the others were kept from the last output). */
  rendered?: number;
  /** The Markdown HTML of the posts the blog feeds carry, by slug. */
  feedBodies?: Map<string, string>;
  cards?: CardsResult;
  /** Each page's key (documents.ts pageKeys), by output path, when the writer keeps pages. */
  pageKeys?: Map<string, string>;
  /** The part of every page's key that all pages share (a rebuild with the same keeps the keys of unchanged routes). */
  pageKeyBase?: string;
  // What a dev rebuild that takes the route table over (post-edits.ts) reuses of this build:
  /** What the content, link, images and routes stages reported. */
  contentDiagnostics?: Diagnostic[];
  /** The link check's findings by page path (check/check-links.ts `PageFindings`). */
  linkFindings?: Map<string, readonly { key: string; file?: string }[]>;
  /** Each diagnostic with its line and code frame. */
  located?: Map<Diagnostic, Diagnostic>;
  routeWarnings?: Diagnostic[];
  markdownWarnings?: Diagnostic[];
  /** This build's route table is the previous one's with posts' bodies changed. */
  routesTakenOver?: boolean;
  /** Redirect stubs, sitemap, robots.txt, _redirects and _headers. */
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
  /** Minify client code (default: not in dev, for readable stacks). */
  minify?: boolean;
  /** Extra tags for every page head (dev live reload). */
  extraHead?: string;
  /** Copy site-assets/ into the output (default: not in dev, whose server reads them from disk). */
  copyAssets?: boolean;
  /**
   * Go on past errors and write what could be built, so `check` reports every problem at once.
   * With errors the writer is neither committed nor aborted (use a MemoryWriter); `ok` is false.
   */
  keepGoing?: boolean;
  /** Texts of content files known unchanged since an earlier build (dev). */
  texts?: TextMemo;
  incremental?: IncrementalOptions;
  /** Default `build`: `dev` keeps bodies for in-place edits, `check` reads every file fresh. */
  mode?: BuildMode;
  /** Default: the mode's (cache/file-cache.ts `cachesFor`). */
  cache?: Caches;
  /** Render on worker threads when there is enough work (default true). */
  workers?: boolean;
  /** Check links, #fragments and referenced files; a broken one is an error. */
  links?: boolean;
  /** Check the page-weight budgets of site.yaml; a page over budget is an error. */
  budgets?: boolean;
  /** Encode the photo variants the image cache lacks (else those photos keep their original). */
  encodeImages?: boolean;
  /** Draw the cards the card cache lacks and output every card (else none is output; the pages still name them). */
  renderCards?: boolean;
  /** Hears of each stage as it finishes and of the photos and cards made so far (cli/build-progress.ts). */
  onProgress?: (event: ProgressEvent) => void;
}

/** A stage finished (what it made, in words, and its wall time), or a long stage's count moved on. */
export type ProgressEvent =
  | { type: 'stage'; stage: string; made: string; ms: number }
  | { type: 'count'; what: 'photos' | 'cards'; done: number; total: number };

/** Dev rebuilds: what is taken from the previous build (never changed by this one). */
export interface IncrementalOptions {
  previous: BuildState;
  /** Absolute paths of the files added, changed or removed since `previous`; undefined when not known. */
  changed?: string[];
  /** What is taken from `previous` instead of made again (its sources did not change). */
  reuse: { server?: boolean; client?: boolean; styles?: boolean; images?: boolean };
}

export interface BuildResult {
  ok: boolean;
  state: BuildState;
}

export function newState(config: ResolvedConfig, mode: BuildMode, caches: Caches): BuildState {
  return { config, mode, caches, routes: [], prefixRedirects: [], pages: new Map(), diagnostics: [], timings: {} };
}

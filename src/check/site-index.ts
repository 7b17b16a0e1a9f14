// What exists on the built site: pages, files, redirects, and what the build left out. Resolves
// a URL found on a page the way a static host would, and groups findings so a problem in the
// layout, shown on every page, is reported once with the pages it shows on.
import { basename } from 'node:path';
import type { BuildState } from '../pipeline/state.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { displayPath } from '../content/display-path.ts';
import type { Post } from '../content/types.ts';
import { resolveRedirect } from '../routes/redirects.ts';
import type { LinkFacts } from '../render/page-facts.ts';
import type { PageRoute } from '../routes/types.ts';

/** A page as the link check reads it: its route and link facts, its ids as a set. */
export interface LinkedPage extends Omit<LinkFacts, 'ids'> {
  route: PageRoute;
  /** Every id (and `<a name>`) on the page: the #fragments that resolve. */
  ids: Set<string>;
}

type Target =
  | { kind: 'page'; facts: LinkedPage }
  | { kind: 'file' }
  | { kind: 'redirect'; to: string }
  | { kind: 'missing' }
  /** A draft or scheduled post this build leaves out (content/publication.ts). */
  | { kind: 'unpublished'; post: Post }
  | { kind: 'external'; url: URL }
  | { kind: 'skip' };

interface ResolvedUrl {
  target: Target;
  /** Path on the site (decoded, no trailing slash) for internal URLs. */
  path?: string;
  /** The #fragment, decoded, without '#'. */
  fragment?: string;
}

export class SiteIndex {
  readonly pages = new Map<string, LinkedPage>();
  private readonly origin: string;
  /**
   * Ids (file names) of content files that failed to load. Their pages are missing only
   * because of that error, so links to them are not reported again.
   */
  private readonly unavailable: Set<string>;
  private readonly outputs: Set<string>;
  private readonly withheld: Map<string, Post>;

  constructor(private readonly state: BuildState, facts: LinkedPage[]) {
    for (const f of facts) this.pages.set(f.route.path, f);
    this.origin = new URL(state.layout?.siteUrl ?? 'https://example.invalid').origin;
    this.unavailable = failedContent(state.diagnostics, displayPath(state.config.root, state.config.contentDir));
    this.outputs = outputFiles(state);
    this.withheld = new Map((state.graph?.withheld ?? []).map((p) => [`/blog/${p.slug}`, p]));
  }

  /** Every page and redirect path, for "did you mean" hints. */
  knownPaths(): string[] {
    return this.state.routes.map((r) => r.path).filter((p) => p !== '/404');
  }

  resolve(url: string, fromPath: string): ResolvedUrl {
    if (/^(mailto|tel|sms|javascript|data|blob):/i.test(url)) return { target: { kind: 'skip' } };
    let parsed: URL;
    try {
      parsed = new URL(url, `${this.origin}${fromPath === '/' ? '/' : fromPath}`);
    } catch {
      return { target: { kind: 'missing' } };
    }
    if (parsed.origin !== this.origin) {
      return { target: /^https?:$/.test(parsed.protocol) ? { kind: 'external', url: parsed } : { kind: 'skip' } };
    }
    let path = safeDecode(parsed.pathname);
    if (path.length > 1) path = path.replace(/\/+$/, '');
    const fragment = parsed.hash ? safeDecode(parsed.hash.slice(1)) : undefined;
    return { target: this.lookup(path), path, fragment };
  }

  private lookup(path: string): Target {
    const page = this.pages.get(path) ?? (path === '/404.html' ? this.pages.get('/404') : undefined);
    if (page) return { kind: 'page', facts: page };
    const file = path.slice(1);
    if (this.outputs.has(file) || this.state.graph?.assets.has(path)) return { kind: 'file' };
    const stub = this.state.routes.find((r) => r.type === 'redirect' && r.path === path);
    if (stub && stub.type === 'redirect') return { kind: 'redirect', to: stub.to };
    const rule = this.state.graph ? resolveRedirect(path, this.state.graph.redirects) : undefined;
    if (rule) return { kind: 'redirect', to: rule.to };
    if (this.outputs.has(`${file}/index.html`)) return { kind: 'file' };
    const unpublished = this.withheld.get(path);
    if (unpublished) return { kind: 'unpublished', post: unpublished };
    if (path.split('/').some((segment) => this.unavailable.has(segment))) return { kind: 'skip' };
    // stitch dev's own files (the live-reload client, its quote endpoint): served by the dev
    // server, in no build's output.
    if (path.startsWith('/__stitch/')) return { kind: 'skip' };
    return { kind: 'missing' };
  }
}

/** Collects findings by key and remembers every page each one shows on. */
export class Findings<T> {
  private readonly items = new Map<string, { value: T; pages: Set<string> }>();
  add(key: string, value: T, page: string): void {
    const item = this.items.get(key);
    if (item) item.pages.add(page);
    else this.items.set(key, { value, pages: new Set([page]) });
  }
  *[Symbol.iterator](): IterableIterator<{ value: T; pages: string }> {
    for (const { value, pages } of this.items.values()) yield { value, pages: pagesLabel([...pages]) };
  }
}

/** "/a", "/a and /b", or "/a, /b and 40 more pages". */
export function pagesLabel(pages: string[]): string {
  if (pages.length === 1) return pages[0];
  if (pages.length <= 3) return `${pages.slice(0, -1).join(', ')} and ${pages[pages.length - 1]}`;
  return `${pages.slice(0, 2).join(', ')} and ${pages.length - 2} more pages`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Every file the build writes besides site-assets/ (which the site index knows itself). */
export function outputFiles(state: BuildState): Set<string> {
  const files = new Set(['sitemap.xml', 'robots.txt', '_redirects', '_headers']);
  for (const page of state.pages.values()) files.add(page.route.output);
  for (const route of state.routes) files.add(route.output);
  for (const f of [...(state.client?.files ?? []), ...(state.styles?.files ?? []), ...(state.images?.files ?? []), ...(state.files ?? [])]) files.add(f.path);
  for (const path of state.cards?.paths ?? []) files.add(path);
  return files;
}

/** Ids (file names without extension) of content files with errors: left out of the site. */
export function failedContent(diagnostics: Diagnostic[], contentDir: string): Set<string> {
  return new Set(diagnostics
    .filter((d) => d.severity === 'error' && d.file?.startsWith(`${contentDir}/`) && /\.(md|ya?ml)$/.test(d.file))
    .map((d) => basename(d.file!).replace(/\.(md|ya?ml)$/, '')));
}

/** Asset paths the build reported missing (the path a MissingAssetError carries). */
export function missingAssets(diagnostics: Diagnostic[]): Set<string> {
  return new Set(diagnostics.flatMap((d) => (d.data?.assetPath !== undefined ? [d.data.assetPath] : [])));
}

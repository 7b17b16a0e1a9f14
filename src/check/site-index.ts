// What exists on the built site: pages, files, redirects. Resolves a URL found on a page the
// way a static host would, and groups findings so a problem in the layout, shown on every
// page, is reported once with the pages it shows on.
import type { BuildState } from '../pipeline/state.ts';
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

/** The files of the output folder, by path relative to it (a MemoryWriter is one). */
export interface OutputFiles {
  has(path: string): boolean;
}

export type Target =
  | { kind: 'page'; facts: LinkedPage }
  | { kind: 'file' }
  | { kind: 'redirect'; to: string }
  | { kind: 'missing' }
  /** A draft or scheduled post this build leaves out (content/publication.ts). */
  | { kind: 'unpublished'; post: Post }
  | { kind: 'external'; url: URL }
  | { kind: 'skip' };

export interface ResolvedUrl {
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
   * `unavailable`: ids (file names) of content files that failed to load. Their pages are
   * missing only because of that error, so links to them are not reported again.
   * `output`: the files the build writes (paths relative to the output folder).
   */
  constructor(private readonly state: BuildState, facts: LinkedPage[], private readonly output: OutputFiles, private readonly unavailable = new Set<string>()) {
    for (const f of facts) this.pages.set(f.route.path, f);
    this.origin = new URL(state.layout?.siteUrl ?? 'https://example.invalid').origin;
  }

  private withheldByPath?: Map<string, Post>;

  private withheld(): Map<string, Post> {
    this.withheldByPath ??= new Map((this.state.graph?.withheld ?? []).map((p) => [`/blog/${p.slug}`, p]));
    return this.withheldByPath;
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
    if (this.output.has(file) || this.state.graph?.assets.has(path)) return { kind: 'file' };
    const stub = this.state.routes.find((r) => r.type === 'redirect' && r.path === path);
    if (stub && stub.type === 'redirect') return { kind: 'redirect', to: stub.to };
    const rule = this.state.graph ? resolveRedirect(path, this.state.graph.redirects) : undefined;
    if (rule) return { kind: 'redirect', to: rule.to };
    if (this.output.has(`${file}/index.html`)) return { kind: 'file' };
    const unpublished = this.withheld().get(path);
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

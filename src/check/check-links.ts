// The link check of a build: every internal link and #fragment of the rendered pages resolves
// to a page or an element id, every image, video, script and stylesheet exists, links do not go
// through redirects, and no link points at an http:// page. It reads the link facts the render
// stage recorded per page; `stitch build`, `check` and `dev` all run it, so they agree.
import type { BuildState } from '../pipeline/state.ts';
import { formatLongDate } from '../content/dates.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { checkMarkdown } from './check-markdown.ts';
import { markdownSources, type MarkdownSource } from './markdown-sources.ts';
import { Findings, missingAssets, SiteIndex, type LinkedPage } from './site-index.ts';
import { SourceLocator, type SourcePosition } from './source-locator.ts';

/** A finding's diagnostic, once every page it shows on is known ("/a and /b"), and the site's paths (for "did you mean"). */
type Report = (pages: string, knownPaths: () => string[]) => Diagnostic;

/** What the check found on one page, before the findings are grouped over pages. */
export type PageFindings = { key: string; report: Report; file?: string }[];

/** Each page's findings are recorded in `record`, and taken from `known` for a page it has (a dev rebuild's unchanged pages). */
type ByPage = { known?: Map<string, PageFindings>; record: Map<string, PageFindings> };

/**
 * `reported`: asset paths the build already reported missing (MissingAssetError), which are
 * not reported again for every page that shows them.
 */
function checkLinks(facts: LinkedPage[], site: SiteIndex, locator: SourceLocator, reported: Set<string>, byPage?: ByPage): Diagnostic[] {
  const findings = new Findings<Report>();
  let own: PageFindings = [];
  const located = new Map<string, SourcePosition | undefined>();
  const where = (text: string, page: LinkedPage) => {
    const key = `${text}\0${page.route.origin?.file ?? ''}`;
    if (!located.has(key)) located.set(key, locator.locate(text, page.route.origin?.file));
    return located.get(key);
  };
  /** One finding of `kind` about `text` on `page`: the same text at the same position is one finding. */
  const find = (kind: string, text: string, page: LinkedPage, report: (at: SourcePosition | Record<string, never>, pages: string, knownPaths: () => string[]) => Diagnostic) => {
    const pos = where(text, page);
    const key = `${kind}\0${text}\0${pos ? `${pos.file}:${pos.line}:${pos.column}` : ''}`;
    const finding: Report = (pages, knownPaths) => report(pos ?? {}, pages, knownPaths);
    own.push({ key, report: finding, file: pos?.file });
    findings.add(key, finding, page.route.path);
  };
  // Thousands of pages share their layout's links: a root-relative or absolute URL resolves the
  // same from every page, so it is resolved once.
  const resolvedUrls = new Map<string, ReturnType<SiteIndex['resolve']>>();
  const resolve = (url: string, from: string) => {
    const key = (url.startsWith('/') && !url.startsWith('//')) || /^https?:/i.test(url) ? url : `${from}\0${url}`;
    let resolved = resolvedUrls.get(key);
    if (!resolved) {
      resolved = site.resolve(url, from);
      resolvedUrls.set(key, resolved);
    }
    return resolved;
  };
  let known: string[] | undefined;
  const knownPaths = () => (known ??= site.knownPaths());

  for (const page of facts) {
    const kept = byPage?.known?.get(page.route.path);
    if (kept) {
      byPage!.record.set(page.route.path, kept);
      for (const { key, report } of kept) findings.add(key, report, page.route.path);
      continue;
    }
    own = [];
    byPage?.record.set(page.route.path, own);
    for (const href of page.links) {
      if (href === '' || href === '#') continue;
      const resolved = resolve(href, page.route.path);
      const { target, fragment } = resolved;
      if (target.kind === 'external' && target.url.protocol === 'http:') {
        find('insecure', href, page, (at, pages) => errors.insecureLink(at, href, pages));
      } else if (target.kind === 'missing') {
        find('link', href, page, (at, pages, paths) => errors.brokenLink(at, href, pages, paths()));
      } else if (target.kind === 'unpublished') {
        const { post } = target;
        const state = post.status === 'scheduled' ? `scheduled for ${formatLongDate(post.date)}` : 'a draft';
        find('unpublished', href, page, (at, pages) => {
          const from = at.file ?? page.route.origin?.file;
          return errors.linkToUnpublished({ ...at, file: from }, href, pages, from ?? pages, post.origin.file, state);
        });
      } else if (target.kind === 'redirect') {
        find('redirect', href, page, (at, pages) => errors.linkToRedirect(at, href, target.to, pages));
      } else if (target.kind === 'page' && fragment && fragment !== 'top' && !target.facts.ids.has(fragment)) {
        const { path: to } = target.facts.route;
        find('fragment', href, page, (at, pages) => errors.brokenFragment(at, href, pages, to, fragment, [...target.facts.ids]));
      }
    }
    for (const { url, kind } of page.resources) {
      const { target, path: targetPath } = resolve(url, page.route.path);
      if (target.kind !== 'missing' && target.kind !== 'redirect') continue;
      if (targetPath && reported.has(targetPath)) continue;
      find(`file:${kind}`, url, page, (at, pages) => errors.missingFile(at, kind, url, pages));
    }
  }
  return [...findings].map(({ value: report, pages }) => report(pages, knownPaths));
}

/** The link check, and the locator that placed its findings (what it read: see link-verdict.ts). */
export function checkBuiltLinksWith(state: BuildState, byPage?: ByPage): { diagnostics: Diagnostic[]; locator?: SourceLocator } {
  const { config, graph } = state;
  if (!graph || state.pages.size === 0) return { diagnostics: [] };
  const pages: LinkedPage[] = [];
  for (const { route, facts } of state.pages.values()) {
    if (facts.links) pages.push({ route, ids: new Set(facts.links.ids), links: facts.links.links, resources: facts.links.resources });
  }
  // A broken link in Markdown points at its exact position: the file is parsed on first need.
  let sources: Map<string, MarkdownSource> | undefined;
  const locator: SourceLocator = new SourceLocator(config.root, config.contentDir, config.templatesDir, (file) => {
    const source = (sources ??= new Map(markdownSources(graph).map((s) => [s.file, s]))).get(file);
    if (source) checkMarkdown(source, locator); // for the positions it marks
  });
  return { diagnostics: checkLinks(pages, new SiteIndex(state, pages), locator, missingAssets(state.diagnostics), byPage), locator };
}

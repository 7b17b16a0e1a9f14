// Links and files on the rendered pages: every internal link and #fragment resolves to a page
// or an element id, every image, video, script and stylesheet exists, links do not go
// through redirects, and no link points at an http:// page.
import { formatLongDate } from '../content/dates.ts';
import type { Post } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { Findings, type LinkedPage, type SiteIndex } from './site-index.ts';
import type { SourceLocator, SourcePosition } from './source-locator.ts';

type Finding =
  | { code: 'link'; href: string; where?: SourcePosition }
  | { code: 'fragment'; href: string; target: string; id: string; known: string[]; where?: SourcePosition }
  | { code: 'redirect'; href: string; to: string; where?: SourcePosition }
  | { code: 'insecure'; href: string; where?: SourcePosition }
  | { code: 'file'; kind: string; src: string; where?: SourcePosition }
  | { code: 'unpublished'; href: string; post: Post; from?: string; where?: SourcePosition };

/** What the check found on one page, before the findings are grouped over pages. */
export type PageFindings = { key: string; finding: Finding }[];

/**
 * `reported`: asset paths the build already reported missing (MissingAssetError), which are
 * not reported again for every page that shows them. `byPage`: each page's findings are
 * recorded in `record`, and taken from `known` for a page it has (a dev rebuild's unchanged pages).
 */
export function checkLinks(facts: LinkedPage[], site: SiteIndex, locator: SourceLocator, reported = new Set<string>(), byPage?: { known?: Map<string, PageFindings>; record: Map<string, PageFindings> }): Diagnostic[] {
  const findings = new Findings<Finding>();
  const located = new Map<string, SourcePosition | undefined>();
  const where = (text: string, page: LinkedPage) => {
    const key = `${text}\0${page.route.origin?.file ?? ''}`;
    if (!located.has(key)) located.set(key, locator.locate(text, page.route.origin?.file));
    return located.get(key);
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
  const keyOf = (kind: string, text: string, pos?: SourcePosition) => `${kind}\0${text}\0${pos ? `${pos.file}:${pos.line}:${pos.column}` : ''}`;

  for (const page of facts) {
    const path = page.route.path;
    const known = byPage?.known?.get(path);
    const own: PageFindings = [];
    byPage?.record.set(path, known ?? own);
    if (known) {
      for (const { key, finding } of known) findings.add(key, finding, path);
      continue;
    }
    const add = (key: string, finding: Finding) => {
      own.push({ key, finding });
      findings.add(key, finding, path);
    };
    for (const href of page.links) {
      if (href === '' || href === '#') continue;
      const resolved = resolve(href, path);
      const { target } = resolved;
      if (target.kind === 'skip') continue;
      if (target.kind === 'external') {
        if (target.url.protocol === 'http:') {
          const pos = where(href, page);
          add(keyOf('insecure', href, pos), { code: 'insecure', href, where: pos });
        }
        continue;
      }
      if (target.kind === 'missing') {
        const pos = where(href, page);
        add(keyOf('link', href, pos), { code: 'link', href, where: pos });
      } else if (target.kind === 'unpublished') {
        const pos = where(href, page);
        const from = pos?.file ?? page.route.origin?.file;
        add(keyOf('unpublished', href, pos), { code: 'unpublished', href, post: target.post, from, where: pos });
      } else if (target.kind === 'redirect') {
        const pos = where(href, page);
        add(keyOf('redirect', href, pos), { code: 'redirect', href, to: target.to, where: pos });
      } else if (target.kind === 'page' && resolved.fragment && resolved.fragment !== 'top' && !target.facts.ids.has(resolved.fragment)) {
        const pos = where(href, page);
        add(keyOf('fragment', href, pos), {
          code: 'fragment', href, target: target.facts.route.path, id: resolved.fragment, known: [...target.facts.ids], where: pos,
        });
      }
    }
    for (const { url, kind } of page.resources) {
      const { target, path: targetPath } = resolve(url, path);
      if (target.kind !== 'missing' && target.kind !== 'redirect') continue;
      if (targetPath && reported.has(targetPath)) continue;
      const pos = where(url, page);
      add(keyOf(`file:${kind}`, url, pos), { code: 'file', kind, src: url, where: pos });
    }
  }

  const known = site.knownPaths();
  const out: Diagnostic[] = [];
  for (const { value: f, pages } of findings) {
    const at = f.where ?? {};
    if (f.code === 'link') out.push(errors.brokenLink(at, f.href, pages, known));
    else if (f.code === 'fragment') out.push(errors.brokenFragment(at, f.href, pages, f.target, f.id, f.known));
    else if (f.code === 'unpublished') {
      const post = f.post;
      const state = post.status === 'scheduled' ? `scheduled for ${formatLongDate(post.date)}` : 'a draft';
      out.push(errors.linkToUnpublished({ file: f.from, ...at }, f.href, pages, f.from ?? pages, post.origin.file, state));
    } else if (f.code === 'redirect') out.push(errors.linkToRedirect(at, f.href, f.to, pages));
    else if (f.code === 'insecure') out.push(errors.insecureLink(at, f.href, pages));
    else out.push(errors.missingFile(at, f.kind, f.src, pages));
  }
  return out;
}

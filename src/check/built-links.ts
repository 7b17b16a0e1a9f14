// The link check of a build: every internal link, #fragment and referenced file of the
// rendered pages resolves (check-links.ts), from the link facts the render stage recorded per
// page. `stitch build` and `stitch check` both run it, so they agree on broken links.
import { basename } from 'node:path';
import type { BuildState } from '../build.ts';
import { displayPath } from '../content/display-path.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { checkLinks } from './check-links.ts';
import { markdownSources, markLinks } from './check-markdown.ts';
import type { LinkedPage } from './page-facts.ts';
import { SiteIndex } from './site-index.ts';
import { SourceLocator } from './source-locator.ts';

export function checkBuiltLinks(state: BuildState): Diagnostic[] {
  return checkBuiltLinksWith(state).diagnostics;
}

/** The link check, and the locator that placed its findings (what it read: see link-verdict.ts). */
export function checkBuiltLinksWith(state: BuildState): { diagnostics: Diagnostic[]; locator?: SourceLocator } {
  const { config, graph } = state;
  if (!graph || state.pages.size === 0) return { diagnostics: [] };
  const pages: LinkedPage[] = [];
  for (const page of state.pages.values()) {
    if (page.links) pages.push({ route: page.route, ids: new Set(page.links.ids), links: page.links.links, resources: page.links.resources });
  }
  // A broken link in Markdown points at its exact position: the file is parsed on first need.
  const sources = new Map(markdownSources(graph).map((s) => [s.file, s]));
  const locator: SourceLocator = new SourceLocator(config.root, config.contentDir, config.templatesDir, (file) => {
    const source = sources.get(file);
    if (source) markLinks(source, locator);
  });
  const site = new SiteIndex(state, pages, outputFiles(state), failedContent(state.diagnostics, displayPath(config.root, config.contentDir)));
  return { diagnostics: checkLinks(pages, site, locator, missingAssets(state.diagnostics)), locator };
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

/** Asset paths the build reported missing: `"…" does not exist` in a MissingAssetError. */
export function missingAssets(diagnostics: Diagnostic[]): Set<string> {
  return new Set(diagnostics.filter((d) => d.code === 'MissingAssetError').map((d) => /"(\/[^"]*)"/.exec(d.message)?.[1] ?? ''));
}

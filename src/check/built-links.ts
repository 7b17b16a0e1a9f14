// The link check of a build: every internal link, #fragment and referenced file of the
// rendered pages resolves (check-links.ts), from the link facts the render stage recorded per
// page. `stitch build` and `stitch check` both run it, so they agree on broken links.
import type { BuildState } from '../pipeline/state.ts';
import { displayPath } from '../content/display-path.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { checkLinks, type PageFindings } from './check-links.ts';
import { checkMarkdown } from './check-markdown.ts';
import { markdownSources, type MarkdownSource } from './markdown-sources.ts';
import { failedContent, missingAssets, outputFiles } from './link-inputs.ts';
import { SiteIndex, type LinkedPage } from './site-index.ts';
import { SourceLocator } from './source-locator.ts';

/** The link check, and the locator that placed its findings (what it read: see link-verdict.ts). */
export function checkBuiltLinksWith(state: BuildState, byPage?: { known?: Map<string, PageFindings>; record: Map<string, PageFindings> }): { diagnostics: Diagnostic[]; locator?: SourceLocator } {
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
  // (Listed on first need too: a dev rebuild that checks one page may resolve no new path.)
  let files: Set<string> | undefined;
  const output = { has: (path: string) => (files ??= outputFiles(state)).has(path) };
  const site = new SiteIndex(state, pages, output, failedContent(state.diagnostics, displayPath(config.root, config.contentDir)));
  return { diagnostics: checkLinks(pages, site, locator, missingAssets(state.diagnostics), byPage), locator };
}

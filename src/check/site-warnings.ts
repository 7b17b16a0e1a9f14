// The warnings of a site: one rule set, run by every build (pipeline/verify.ts), so `stitch build`,
// `stitch check` and `stitch dev` report the same warnings, counted the same. Each rule reads
// the content and the route table (the head every page renders with), never the pages' HTML:
// raw HTML and images without alt text in Markdown, tags spelled two ways or labelled but unused,
// page titles and descriptions for search results, and a public deploy hook.
// (The link check's warnings come from the links stage, which every command runs.)
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { displayPath } from '../content/display-path.ts';
import type { ContentGraph } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { Route } from '../routes/types.ts';
import { checkSeo } from './check-seo.ts';
import { checkTagLabels, checkTags } from './check-tags.ts';
import { markdownSources, mayNeedMarkdownCheck } from './markdown-sources.ts';
import { SourceLocator } from './source-locator.ts';

/** The rules over the content graph and the route table: tags, tag labels, SEO, the deploy hook. */
export function routeWarnings(graph: ContentGraph, routes: Route[], config: ResolvedConfig): Diagnostic[] {
  const pages = routes.flatMap((r) => (r.type === 'page' ? [r] : []));
  return [
    ...checkTags(graph),
    ...checkTagLabels(graph, displayPath(config.root, join(config.contentDir, 'site.yaml'))),
    ...checkSeo(pages, graph.site.name, locatorOf(config)),
    ...(config.deployHookUrl ? [errors.deployHookPublic()] : []),
  ];
}

const locatorOf = (config: ResolvedConfig) => new SourceLocator(config.root, config.contentDir, config.templatesDir);

/** The Markdown rules (check-markdown.ts) per body; the parser is loaded only for a body that may break one. */
export async function markdownWarnings(graph: ContentGraph, config: ResolvedConfig): Promise<Diagnostic[]> {
  const locator = locatorOf(config);
  const out: Diagnostic[] = [];
  for (const source of markdownSources(graph)) {
    if (mayNeedMarkdownCheck(source.body)) out.push(...(await import('./check-markdown.ts')).checkMarkdown(source, locator));
  }
  return out;
}

// The warnings of a site: one rule set, run by every build (pipeline/verify.ts), so `stitch build`,
// `stitch check` and `stitch dev` report the same warnings, counted the same. Each rule reads
// the content and the route table (the head every page renders with), never the pages' HTML:
// raw HTML and images without alt text in Markdown, tags spelled two ways or labelled but unused,
// page titles and descriptions for search results, and a public deploy hook.
// (The link check's warnings come from the links stage, which every command runs.)
import { hash as oneShot } from 'node:crypto';
import { join } from 'node:path';
import { jsonKind, type Caches } from '../cache/cache.ts';
import { engineVersion } from '../cache/engine-version.ts';
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

/**
 * The Markdown rules (check-markdown.ts) per body, kept by the text's hash: a warm build of a
 * large blog neither reads its posts back nor loads the Markdown parser for them.
 */
export async function markdownWarnings(graph: ContentGraph, config: ResolvedConfig, caches: Caches): Promise<Diagnostic[]> {
  const locator = locatorOf(config);
  const cache = await caches.open(jsonKind<Diagnostic[]>('markdown-warnings', engineVersion(['check'], ['remark-parse']), Array.isArray));
  const out: Diagnostic[] = [];
  for (const source of markdownSources(graph)) {
    // A post's text hash, as loaded (its body may be left in its file); a page's body is at hand.
    const hash = graph.sources?.get(source.file)?.hash ?? oneShot('sha256', source.body);
    const key = `${source.file}\0${source.bodyLine}\0${source.page}\0${hash}`;
    let found = cache.get(key);
    if (!found) {
      found = mayNeedMarkdownCheck(source.body) ? (await import('./check-markdown.ts')).checkMarkdown(source, locator) : [];
      cache.set(key, found);
    }
    out.push(...found);
  }
  cache.prune();
  await cache.save();
  return out;
}

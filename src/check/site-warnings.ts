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
import { mayNeedMarkdownCheck } from '../content/post-bodies.ts';
import { markdownSources } from './markdown-sources.ts';
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

/** The Markdown rules (check-markdown.ts) per body that may break one: only then is the parser loaded, or a released body read back. */
export async function markdownWarnings(graph: ContentGraph, config: ResolvedConfig): Promise<Diagnostic[]> {
  const locator = locatorOf(config);
  const out: Diagnostic[] = [];
  for (const source of markdownSources(graph)) {
    if (graph.sources?.get(source.file)?.markup !== false && mayNeedMarkdownCheck(source.body)) out.push(...(await import('./check-markdown.ts')).checkMarkdown(source, locator));
  }
  return out;
}

// Blog tags that differ only by case, spacing or hyphenation (`car-interior`, `Car Interior`,
// `car interior`) split one topic into several tags. The spelling most posts use wins; every
// other spelling is reported at its line in the post's front matter.
export function tagKey(tag: string): string {
  return tag.toLowerCase().replace(/[\s_-]+/g, '');
}

function checkTags(graph: ContentGraph): Diagnostic[] {
  const spellings = new Map<string, Map<string, number>>();
  for (const post of graph.posts) {
    for (const tag of new Set(post.tags)) {
      const counts = spellings.get(tagKey(tag)) ?? new Map<string, number>();
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
      spellings.set(tagKey(tag), counts);
    }
  }
  const canonical = new Map<string, { tag: string; count: number }>();
  for (const [key, counts] of spellings) {
    if (counts.size < 2) continue;
    const [tag, count] = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0];
    canonical.set(key, { tag, count });
  }
  const out: Diagnostic[] = [];
  for (const post of graph.posts) {
    post.tags.forEach((tag, i) => {
      const best = canonical.get(tagKey(tag));
      if (best && best.tag !== tag) out.push(errors.similarTags({ file: post.origin.file, field: `tags[${i}]` }, tag, best.tag, best.count));
    });
  }
  return out;
}

/** A label in site.yaml `tagLabels` for a tag no post uses: most likely a typo, so the label never shows. */
function checkTagLabels(graph: ContentGraph, siteFile: string): Diagnostic[] {
  const used = [...new Set(graph.posts.flatMap((p) => p.tags))].sort();
  return Object.keys(graph.site.tagLabels ?? {})
    .filter((tag) => !used.includes(tag))
    .map((tag) => errors.unusedTagLabel({ file: siteFile, field: `tagLabels.${tag}` }, tag, used));
}

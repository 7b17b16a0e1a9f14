// Blog tags that differ only by case, spacing or hyphenation (`car-interior`, `Car Interior`,
// `car interior`) split one topic into several tags on the blog. The spelling most posts use
// wins; every other spelling is reported at its line in the post's front matter. A label in
// site.yaml for a tag no post uses is reported too.
import type { ContentGraph } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

export function tagKey(tag: string): string {
  return tag.toLowerCase().replace(/[\s_-]+/g, '');
}

export function checkTags(graph: ContentGraph): Diagnostic[] {
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
export function checkTagLabels(graph: ContentGraph, siteFile: string): Diagnostic[] {
  const used = [...new Set(graph.posts.flatMap((p) => p.tags))].sort();
  return Object.keys(graph.site.tagLabels ?? {})
    .filter((tag) => !used.includes(tag))
    .map((tag) => errors.unusedTagLabel({ file: siteFile, field: `tagLabels.${tag}` }, tag, used));
}

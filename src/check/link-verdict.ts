// The link check's verdict, kept between builds. A warm build that changed no page checks the
// same facts against the same site, so it reuses the diagnostics of the last check instead of
// resolving every link of every page again (a few hundred ms on a large blog). The key holds
// everything the check reads: each page's key (its HTML, so its link facts, and its route), every
// route and output file, the assets, the redirect rules, the diagnostics that silence findings,
// and where each Markdown body starts in its file. The positions of the findings come from
// files the locator read: their texts are stored and compared; a verdict whose positions needed
// a search of whole folders is not kept.
import { createHash } from 'node:crypto';
import type { BuildState } from '../pipeline/state.ts';
import { engineVersion } from '../cache/engine-version.ts';
import { jsonKind, noCaches, type CacheKind, type Caches } from '../cache/cache.ts';
import { displayPath } from '../content/display-path.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { checkBuiltLinksWith as CheckBuiltLinksWith, PageFindings } from './check-links.ts';
import { markdownSources } from './markdown-sources.ts';
import { failedContent, missingAssets, outputFiles } from './site-index.ts';
import { readSourceText } from './source-locator.ts';

interface Verdict {
  diagnostics: Diagnostic[];
  /** Files the locator read, with the sha256 of the text it read (null: unreadable). */
  read: [string, string | null][];
}

export function verdictKind(): CacheKind<Verdict> {
  return jsonKind<Verdict>('links', engineVersion, (v) => Array.isArray(v.diagnostics) && Array.isArray(v.read));
}

/** The link check's diagnostics: the last verdict when nothing it reads has changed. `record`: each page's findings, when checked. */
export async function checkLinksCached(state: BuildState, caches: Caches, record?: Map<string, PageFindings>): Promise<Diagnostic[]> {
  const key = caches === noCaches ? undefined : verdictKey(state);
  // The check (and the Markdown parser it loads) only when the verdict is not known.
  const checkBuiltLinksWith = async (s: BuildState): Promise<ReturnType<typeof CheckBuiltLinksWith>> => (await import('./check-links.ts')).checkBuiltLinksWith(s, record && { record });
  if (!key) return (await checkBuiltLinksWith(state)).diagnostics;
  const cache = await caches.open(verdictKind());
  const known = cache.get(key);
  const { root } = state.config;
  if (known && known.read.every(([file, hash]) => hashOf(readSourceText(root, file)) === hash)) {
    await cache.save();
    return known.diagnostics;
  }
  const { diagnostics, locator } = await checkBuiltLinksWith(state);
  const consulted = locator?.consulted();
  if (consulted && !consulted.listed) cache.set(key, { diagnostics, read: [...consulted.texts].map(([file, text]) => [file, hashOf(text)]) });
  // One verdict is kept: the last.
  cache.prune();
  await cache.save();
  return diagnostics;
}

/** Everything the link check reads, hashed; undefined when a page has no key (nothing is kept then). */
export function verdictKey(state: BuildState): string | undefined {
  const { config, graph, pageKeys } = state;
  if (!graph || !pageKeys) return undefined;
  const hash = createHash('sha256');
  const part = (value: unknown) => hash.update(typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined').update('\0');
  part(engineVersion);
  part([config.root, config.contentDir, config.templatesDir, state.layout?.siteUrl]);
  // One string for the pages: two updates of the hash per page cost more than the hashing.
  let pages = '';
  for (const [output, page] of state.pages) {
    const key = pageKeys.get(output);
    if (!key) return undefined;
    pages += `${output} ${key} ${page.facts.links ? 'links' : 'none'}\n`;
  }
  part(pages);
  part(state.routes.map((r) => (r.type === 'redirect' ? `${r.path} → ${r.to}` : r.path)));
  part([...outputFiles(state)].sort());
  part([...graph.assets].sort());
  part(graph.redirects);
  part([...failedContent(state.diagnostics, displayPath(config.root, config.contentDir))].sort());
  part([...missingAssets(state.diagnostics)].sort());
  part(markdownSources(graph).map((s) => `${s.file}:${s.bodyLine}`));
  return hash.digest('hex');
}

function hashOf(text: string | null): string | null {
  return text === null ? null : createHash('sha256').update(text).digest('hex');
}

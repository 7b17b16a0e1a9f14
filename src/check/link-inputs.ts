// What the link check reads besides the pages' link facts: the output files, the content left
// out by errors, the assets reported missing. Apart from built-links.ts so the link verdict
// (link-verdict.ts) can key on them without loading the Markdown parser the check itself needs.
import { basename } from 'node:path';
import type { BuildState } from '../pipeline/state.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

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

/** Asset paths the build reported missing (the path a MissingAssetError carries). */
export function missingAssets(diagnostics: Diagnostic[]): Set<string> {
  return new Set(diagnostics.flatMap((d) => (d.data?.assetPath !== undefined ? [d.data.assetPath] : [])));
}

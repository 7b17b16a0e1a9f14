// The rest of the output besides the pages (the documents stage wrote those): redirect stubs,
// client scripts and styles, sitemap, robots.txt, _redirects, _headers, data files, the blog's
// feeds, assets, photo variants and social cards; then the writer's commit makes the whole output visible at once.
import { contentSecurityPolicy, headersFile, redirectsFile, robotsTxt, SITE_FILES, sitemapXml } from '../output/site-files.ts';
import { writeAll } from '../output/writer.ts';
import { redirectScript, renderRedirectStub } from '../render/document.ts';
import { absoluteUrl } from '../routes/head.ts';
import type { RedirectRoute } from '../routes/types.ts';
import { feedFiles } from './feeds.ts';
import type { BuildContext, BuildState } from './state.ts';

export async function writeStage(state: BuildState, options: BuildContext): Promise<void> {
  const writer = options.writer;
  if (!writer) return;
  const previous = state.routesTakenOver ? options.incremental?.previous.siteFiles : undefined;
  state.siteFiles = previous ?? siteFiles(state, state.layout!.siteUrl);
  const files: { path: string; contents: string | Uint8Array }[] = [
    ...state.siteFiles,
    ...(state.client?.files ?? []),
    ...(state.styles?.files ?? []),
    ...(state.files ?? []),
    ...await feedFiles(state),
  ];
  await writeAll(files, 64, (f) => writer.write(f.path, f.contents));
  if (options.copyAssets) {
    const assets = [...state.graph!.assets].sort();
    await writeAll(assets, 64, (a) => writer.copy(a.slice(1), `${state.config.assetsDir}${a}`));
  }
  // Photo variants live in the image cache, not in site-assets/: they are always part of the
  // output (the dev server serves them from the writer's copies).
  await writeAll(state.images?.files ?? [], 64, (f) => (f.contents ? writer.write(f.path, f.contents) : writer.copy(f.path, f.from)));
  // Social cards: the cards stage wrote those it found or drew (cards/build-cards.ts), but not those without their photo.
  await writeAll(state.cards?.uncached ?? [], 64, (f) => writer.write(f.path, f.contents));
  await writeAll(state.cards?.copies ?? [], 64, (f) => writer.copy(f.path, f.from)); // the editors' own images (ogImage)
}

/** What the route table gives besides the pages: redirect stubs, sitemap, robots.txt, _redirects, _headers. */
function siteFiles(state: BuildState, siteUrl: string): { path: string; contents: string }[] {
  const stubs = state.routes.filter((r): r is RedirectRoute => r.type === 'redirect');
  const pages = [...state.pages.values()].map((p) => p.route);
  return [
    ...stubs.map((s) => ({ path: s.output, contents: renderRedirectStub(s.to, absoluteUrl(siteUrl, s.to)) })),
    { path: SITE_FILES.sitemap, contents: sitemapXml(pages.filter((r) => r.kind !== 'not-found'), siteUrl) },
    { path: SITE_FILES.robots, contents: robotsTxt(siteUrl) },
    { path: SITE_FILES.redirects, contents: redirectsFile(stubs, state.prefixRedirects) },
    { path: SITE_FILES.headers, contents: headersFile(sitePolicy(state)) },
  ];
}

/** The Content-Security-Policy of the pages as built: their inline scripts, frames and fetches. */
function sitePolicy(state: BuildState): string {
  const { server, config } = state;
  return contentSecurityPolicy({
    inlineScripts: [...(server?.headScript ? [server.headScript] : []), redirectScript],
    frameOrigins: server?.frameOrigins ?? [],
    connectUrls: [config.quoteWebhookUrl, config.deployHookUrl].filter((u): u is string => Boolean(u)),
  });
}

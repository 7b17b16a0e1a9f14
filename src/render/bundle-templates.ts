// Bundles templates/index.ts with the page renderer into one server module (esbuild), kept by
// kept-module.ts: its data exports (head script, frame origins, theme colour) are read without
// importing it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BuildOptions as EsbuildOptions, Message } from 'esbuild';
import type { ComponentType } from 'react';
import { cachedBundle, type Bundled } from '../cache/bundle-cache.ts';
import type { Caches } from '../cache/cache.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { keptModule } from './kept-module.ts';
import type { LinkFacts } from './page-facts.ts';
import type { RenderedBody } from './render-page.tsx';
import type { KeptParts } from './reused.tsx';

/** The module's exports that are data. */
interface ServerFacts {
  /** Inline script for every page's head (runs before paint). */
  headScript?: string;
  /** Origins the pages show in frames (the map): the CSP's frame-src. */
  frameOrigins?: string[];
  themeColor?: string;
}

/** What rendering needs of the templates bundle: the loaded module, on any thread. */
export interface ServerModule extends Pick<ServerFacts, 'headScript' | 'themeColor'> {
  templates: Record<string, ComponentType<any>>;
  renderPage: (templates: Record<string, ComponentType<any>>, template: string, props: Record<string, unknown>, kept: KeptParts, fragments?: [string, LinkFacts][]) => RenderedBody;
}

export interface ServerBundle extends ServerFacts {
  /** Hash of the bundle's code. */
  hash: string;
  /** Path of the written module (workers import it too). */
  file: string;
  load(): Promise<ServerModule>;
}

const renderPageFile = fileURLToPath(new URL('./render-page.tsx', import.meta.url));
/** The folder of the JSX runtime that records links and ids as the pages render (jsx/jsx-runtime.ts). */
const recordingJsx = fileURLToPath(new URL('./jsx', import.meta.url));

export function esbuildDiagnostics(messages: Message[], root: string) {
  return messages.map((m) => errors.bundleFailed(m.text, m.location ? { file: m.location.file.replace(`${root}/`, ''), line: m.location.line, column: m.location.column + 1 } : {}));
}

/** One server-side ES module (React's automatic JSX, the libraries left to Node); esbuild's errors become BundleErrors. */
export async function bundleForNode(root: string, options: EsbuildOptions, cache?: { caches: Caches; id: string }): Promise<string> {
  // esbuild is loaded only when a bundle is made.
  const make = async () => (await import('esbuild')).build({
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    ...options,
    write: false,
    metafile: true,
  }) as Promise<Bundled>;
  try {
    const result = await cachedBundle(cache?.caches, cache?.id ?? '', root, options, make, [options.stdin?.sourcefile ?? '<stdin>']);
    return Buffer.from(result.outputFiles[0].contents).toString('utf8');
  } catch (error) {
    const failure = error as { errors?: Message[] };
    throw new StitchError(failure.errors ? esbuildDiagnostics(failure.errors, root) : [errors.bundleFailed(String(error))], { cause: error });
  }
}

/** `bundleCache`: the caches that keep bundles (cache/bundle-cache.ts); none: bundled every time. */
export async function bundleTemplates(root: string, templatesDir: string, cacheDir: string, bundleCache?: Caches): Promise<ServerBundle> {
  const entry = `${templatesDir}/index.ts`;
  if (!existsSync(entry)) throw new StitchError([errors.bundleFailed(`${entry} not found`)]);
  const code = await bundleForNode(root, {
    stdin: {
      contents: `export * from ${JSON.stringify(entry)};\nexport { renderPage } from ${JSON.stringify(renderPageFile)};\n`,
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'stitch-server-entry.ts',
    },
    loader: { '.css': 'empty', '.svg': 'text' },
    define: { 'process.env.NODE_ENV': '"production"' },
    jsxImportSource: recordingJsx,
  }, bundleCache && { caches: bundleCache, id: 'templates' });
  const kept = await keptModule<ServerModule & ServerFacts, ServerFacts>(`${cacheDir}/server`, 'templates', code, 12,
    ({ headScript, frameOrigins, themeColor }) => ({ headScript, frameOrigins, themeColor }), (facts) => typeof facts === 'object' && facts !== null);
  return { ...kept.facts, hash: kept.hash, file: kept.file, load: kept.load };
}

// The site stylesheet: templates/styles/index.css and its imports, bundled and minified by
// esbuild with a content-hashed name; fonts it references are emitted beside it.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { BuildOptions, Message } from 'esbuild';
import { cachedBundle, type Bundled } from '../cache/bundle-cache.ts';
import type { Caches } from '../cache/cache.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { esbuildDiagnostics } from './bundle-templates.ts';

export interface StyleBundle {
  /** Public URL of the stylesheet, or undefined when there is none. */
  href?: string;
  /** The CSS text (for size reports). */
  css: string;
  files: { path: string; contents: Uint8Array }[];
}

/** `bundleCache`: the caches that keep bundles (cache/bundle-cache.ts); none: bundled every time. */
export async function bundleStyles(root: string, templatesDir: string, minify: boolean, bundleCache?: Caches): Promise<StyleBundle> {
  const entry = `${templatesDir}/styles/index.css`;
  if (!existsSync(entry)) return { css: '', files: [] };
  const options: BuildOptions = {
    entryPoints: { site: entry },
    bundle: true,
    minify,
    outdir: 'assets',
    entryNames: '[name]-[hash]',
    assetNames: 'fonts/[name]-[hash]',
    publicPath: '/assets',
    loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file', '.jpg': 'file' },
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
    target: ['chrome100', 'firefox100', 'safari15'],
  };
  let result;
  try {
    result = await cachedBundle(bundleCache, 'styles', root, options, async () => (await import('esbuild')).build(options) as Promise<Bundled>);
  } catch (error) {
    const failure = error as { errors?: Message[] };
    throw new StitchError(failure.errors ? esbuildDiagnostics(failure.errors, root) : [errors.bundleFailed(String(error))], { cause: error });
  }
  const files = result.outputFiles.map((f) => ({ path: relative(root, f.path), contents: f.contents }));
  const cssFile = files.find((f) => f.path.endsWith('.css'));
  return { href: cssFile ? `/${cssFile.path}` : undefined, css: cssFile ? Buffer.from(cssFile.contents).toString('utf8') : '', files };
}

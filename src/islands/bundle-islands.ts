// Client bundles: one entry per island (templates/islands/<name>.tsx), bundled by esbuild
// with code splitting (one shared React chunk), minified, content-hashed. Entry points are
// sorted and outputs mapped back through the metafile, so builds are deterministic.
import { basename, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Message, type Plugin } from 'esbuild';
import fg from 'fast-glob';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';

export interface ClientBundle {
  /** Per island name: its entry file and the chunks it imports (public URLs). */
  entries: Map<string, { src: string; imports: string[] }>;
  /** Files to write, path relative to the out dir. */
  files: { path: string; contents: Uint8Array }[];
}

const runtimeFile = fileURLToPath(new URL('./client-runtime.ts', import.meta.url));

export async function listIslands(templatesDir: string): Promise<string[]> {
  return (await fg('islands/*.tsx', { cwd: templatesDir })).map((f) => basename(f, '.tsx')).sort();
}

export async function bundleIslands(root: string, templatesDir: string, names: string[], options: { minify: boolean; define?: Record<string, string> }): Promise<ClientBundle> {
  if (names.length === 0) return { entries: new Map(), files: [] };
  const virtual: Plugin = {
    name: 'stitch-island-entries',
    setup(b) {
      b.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice('island-entry:'.length), namespace: 'island-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => ({
        contents: `import Component from ${JSON.stringify(`${templatesDir}/islands/${args.path}.tsx`)};\nimport { hydrateIslands } from ${JSON.stringify(runtimeFile)};\nhydrateIslands(${JSON.stringify(args.path)}, Component);\n`,
        resolveDir: root,
        loader: 'ts',
      }));
    },
  };
  let result;
  try {
    result = await build({
      entryPoints: Object.fromEntries(names.map((n) => [n, `island-entry:${n}`])),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      minify: options.minify,
      jsx: 'automatic',
      outdir: 'assets/islands',
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      write: false,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
      define: { 'process.env.NODE_ENV': options.minify ? '"production"' : '"development"', ...options.define },
      plugins: [virtual],
      legalComments: 'none',
    });
  } catch (error) {
    const failure = error as { errors?: Message[] };
    throw new StitchError(failure.errors?.map((m) => errors.bundleFailed(m.text, m.location ? { file: m.location.file, line: m.location.line, column: m.location.column + 1 } : {})) ?? [errors.bundleFailed(String(error))], { cause: error });
  }
  const entries = new Map<string, { src: string; imports: string[] }>();
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = meta.entryPoint.replace(/^island-entry:/, '');
    entries.set(name, { src: `/${out}`, imports: meta.imports.filter((i) => i.kind === 'import-statement').map((i) => `/${i.path}`) });
  }
  const files = result.outputFiles.map((f) => ({ path: relative(root, f.path), contents: f.contents }));
  return { entries, files };
}

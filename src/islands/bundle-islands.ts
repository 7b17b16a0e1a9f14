// Client bundles: two entries per island (templates/islands/<name>.tsx), bundled by esbuild
// with code splitting (one shared React chunk), minified, content-hashed. The eager entry
// `<name>` imports the component and React; the lazy entry `<name>.lazy` imports only the
// scheduler and loads the eager entry with a dynamic import when a `visible` or `idle` marker
// is due (see entry-names.ts). Entry points are sorted and
// outputs mapped back through the metafile, so builds are deterministic.
import { existsSync, readdirSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Message, Metafile, Plugin } from 'esbuild';
import { cachedBundle, type Bundled } from '../cache/bundle-cache.ts';
import type { Caches } from '../cache/cache.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { LAZY_SUFFIX } from './entry-names.ts';

export interface ClientBundle {
  /** Per entry name (`<island>` and `<island>.lazy`): its file and the chunks it imports (public URLs). */
  entries: Map<string, ClientEntry>;
  /** Files to write, path relative to the out dir. */
  files: { path: string; contents: Uint8Array }[];
}

export interface ClientEntry {
  /** The entry module. */
  src: string;
  /** Chunks it imports statically: they load with the page (modulepreload). */
  imports: string[];
  /** Chunks it loads later by itself (a lazy entry's component and React), not on a visitor's action. */
  deferred: string[];
}

const runtimeFile = fileURLToPath(new URL('./client-runtime.ts', import.meta.url));
const scheduleFile = fileURLToPath(new URL('./client-schedule.ts', import.meta.url));
/** Virtual modules: `<kind>:<island name>`. */
const VIRTUAL = /^island-(entry|lazy):/;

export async function listIslands(templatesDir: string): Promise<string[]> {
  const dir = `${templatesDir}/islands`; // listed, not globbed: fast-glob costs ~40 ms to load, on every build
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.tsx') && !f.startsWith('.')).map((f) => basename(f, '.tsx')).sort() : [];
}

/** `options.cache`: the caches that keep bundles (cache/bundle-cache.ts); none: bundled every time. */
export async function bundleIslands(root: string, templatesDir: string, names: string[], options: { minify: boolean; cache?: Caches }): Promise<ClientBundle> {
  if (names.length === 0) return { entries: new Map(), files: [] };
  const component = (name: string) => JSON.stringify(`${templatesDir}/islands/${name}.tsx`);
  const sources: Record<string, (name: string) => string> = {
    // Eager: the component, React and the runtime load with the page; it mounts the `load`
    // markers and exports what the lazy entry needs.
    entry: (n) => `import Component from ${component(n)};\nimport { hydrateIslands, mountIsland } from ${JSON.stringify(runtimeFile)};\nexport { Component as default, mountIsland };\nhydrateIslands(${JSON.stringify(n)}, Component);\n`,
    // Lazy: the scheduler only; it imports the eager entry when a `visible` or `idle` marker is
    // due (one module for both, so esbuild makes no more chunks than with one entry).
    lazy: (n) => `import { hydrateLater } from ${JSON.stringify(scheduleFile)};\nhydrateLater(${JSON.stringify(n)}, () => import(${JSON.stringify(`island-entry:${n}`)}));\n`,
  };
  const virtual: Plugin = {
    name: 'stitch-island-entries',
    setup(b) {
      b.onResolve({ filter: VIRTUAL }, (args) => {
        const [, kind] = VIRTUAL.exec(args.path)!;
        return { path: args.path.replace(VIRTUAL, ''), namespace: `island-${kind}` };
      });
      for (const kind of Object.keys(sources)) {
        b.onLoad({ filter: /.*/, namespace: `island-${kind}` }, (args) => ({ contents: sources[kind](args.path), resolveDir: root, loader: 'ts' }));
      }
    },
  };
  const esbuildOptions: BuildOptions = {
    entryPoints: Object.fromEntries(names.flatMap((n) => [[n, `island-entry:${n}`], [`${n}${LAZY_SUFFIX}`, `island-lazy:${n}`]])),
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
    define: { 'process.env.NODE_ENV': options.minify ? '"production"' : '"development"' },
    legalComments: 'none',
  };
  // The plugin's modules are made from the names and the two files' paths, all in the key.
  const key = { esbuildOptions, sources: names.flatMap((n) => Object.values(sources).map((source) => source(n))) };
  let result;
  try {
    result = await cachedBundle(options.cache, 'islands', root, key, async () => (await import('esbuild')).build({ ...esbuildOptions, plugins: [virtual] }) as Promise<Bundled>);
  } catch (error) {
    const failure = error as { errors?: Message[] };
    throw new StitchError(failure.errors?.map((m) => errors.bundleFailed(m.text, m.location ? { file: m.location.file, line: m.location.line, column: m.location.column + 1 } : {})) ?? [errors.bundleFailed(String(error))], { cause: error });
  }
  const outputs = result.metafile.outputs;
  const entries = new Map<string, ClientEntry>();
  for (const [out, meta] of Object.entries(outputs)) {
    const [, kind] = VIRTUAL.exec(meta.entryPoint ?? '') ?? [];
    if (!kind) continue;
    const name = meta.entryPoint!.replace(VIRTUAL, '') + (kind === 'lazy' ? LAZY_SUFFIX : '');
    const imports = meta.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    entries.set(name, { src: `/${out}`, imports: imports.map((p) => `/${p}`), deferred: deferredChunks(outputs, out).map((p) => `/${p}`) });
  }
  const files = result.outputFiles.map((f) => ({ path: relative(root, f.path), contents: f.contents }));
  return { entries, files };
}

/**
 * The chunks output `out` loads later by itself (a lazy entry's component and React: its
 * dynamic imports and what they import statically), none of those it loads at once. Code
 * those load only on a visitor's action (their own dynamic imports) is not included.
 */
function deferredChunks(outputs: Metafile['outputs'], out: string): string[] {
  const seen = new Set<string>();
  /** `from` and the chunks they import statically, but none already seen. */
  const reach = (from: string[]) => {
    const found: string[] = [];
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      found.push(path);
      for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
    };
    from.forEach(visit);
    return found;
  };
  reach([out]);
  return reach(outputs[out].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)).sort();
}

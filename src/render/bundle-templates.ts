// Bundles templates/index.ts together with the page renderer into one server module with
// esbuild. A new content hash gives a new file, so `stitch dev` picks up template edits without
// restarting Node. The module (the templates and React: ~50–80 ms to import) is imported when a
// page renders here; what every build needs of it besides (the head script, the frame origins,
// the theme colour) is kept beside it as JSON once it has been imported.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildOptions as EsbuildOptions, Message } from 'esbuild';
import type { ComponentType } from 'react';
import { cachedBundle, type Bundled } from '../cache/bundle-cache.ts';
import { readSealed, writeSealed } from '../cache/file-cache.ts';
import { errors } from '../errors/catalogue.ts';
import { StitchError } from '../errors/diagnostic.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import type { LinkFacts } from './page-facts.ts';
import type { RenderedBody } from './render-page.tsx';
import type { KeptParts } from './reused.tsx';

/** The module's exports that are data, read without importing it (the JSON beside it). */
interface ServerFacts {
  /** Inline script for every page's head (tiny: runs before paint), from templates/index.ts. */
  headScript?: string;
  /** Origins the pages show in frames (the map), from templates/index.ts: the CSP's frame-src. */
  frameOrigins?: string[];
  /** theme-color meta value, from templates/index.ts. */
  themeColor?: string;
}

/** What rendering needs of the templates bundle: the loaded module, on any thread. */
export interface ServerModule extends Pick<ServerFacts, 'headScript' | 'themeColor'> {
  templates: Record<string, ComponentType<any>>;
  renderPage: (templates: Record<string, ComponentType<any>>, template: string, props: Record<string, unknown>, kept: KeptParts, fragments?: [string, LinkFacts][]) => RenderedBody;
}

export interface ServerBundle extends ServerFacts {
  /** Hash of the bundle's code: changes whenever a template changes. */
  hash: string;
  /** Path of the written module (workers import it too). */
  file: string;
  /** The module, imported on first call (a build that renders nothing on this thread never does). */
  load(): Promise<ServerModule>;
}

const renderPageFile = fileURLToPath(new URL('./render-page.tsx', import.meta.url));
/** The folder of the JSX runtime that records links and ids as the pages render (jsx/jsx-runtime.ts). */
const recordingJsx = fileURLToPath(new URL('./jsx', import.meta.url));

export function esbuildDiagnostics(messages: Message[], root: string) {
  return messages.map((m) => errors.bundleFailed(m.text, m.location ? { file: m.location.file.replace(`${root}/`, ''), line: m.location.line, column: m.location.column + 1 } : {}));
}

/**
 * One server-side ES module from `options` (an entry or stdin): React's automatic JSX, the
 * libraries left to Node. esbuild's errors become BundleError diagnostics at their file and line.
 */
export async function bundleForNode(root: string, options: EsbuildOptions, cache?: { dir: string; id: string }): Promise<string> {
  // esbuild is loaded only when a bundle is made (a warm build takes its bundles from the cache).
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
    const result = await cachedBundle(cache?.dir, cache?.id ?? '', root, options, make, [options.stdin?.sourcefile ?? '<stdin>']);
    return Buffer.from(result.outputFiles[0].contents).toString('utf8');
  } catch (error) {
    const failure = error as { errors?: Message[] };
    throw new StitchError(failure.errors ? esbuildDiagnostics(failure.errors, root) : [errors.bundleFailed(String(error))], { cause: error });
  }
}

/** `bundleCache`: the folder of the bundle cache (cache/bundle-cache.ts); none: bundled every time. */
export async function bundleTemplates(root: string, templatesDir: string, cacheDir: string, bundleCache?: string): Promise<ServerBundle> {
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
  }, bundleCache ? { dir: bundleCache, id: 'templates' } : undefined);
  const kept = await keepModule(`${cacheDir}/server`, 'templates', 12, code, (module: ServerModule & ServerFacts): ServerFacts => {
    const { headScript, frameOrigins, themeColor } = module;
    return { headScript, frameOrigins, themeColor };
  }, (facts) => typeof facts === 'object' && facts !== null);
  return { ...kept.facts, hash: kept.hash, file: kept.file, load: kept.load };
}

/** A bundled module kept as a file, and what a build needs of it without importing it. */
export interface KeptModule<M, F> {
  facts: F;
  /** Hash of the module's code (`hashLength` hex digits): in its file's name. */
  hash: string;
  file: string;
  /** The module, imported on first call. */
  load(): Promise<M>;
}

/**
 * Writes `code` to `<dir>/<name>-<hash>.mjs` and keeps `pick(module)` beside it as JSON sealed
 * with the hash, so a build that needs only those facts never imports the module. Atomic: a
 * killed build must not leave a torn module that later builds would import; and one damaged
 * since (its bytes are not the bundle's) is written again. Facts that are damaged or fail
 * `valid` are taken from the module again.
 */
export async function keepModule<M, F>(dir: string, name: string, hashLength: number, code: string, pick: (module: M) => F, valid: (facts: unknown) => boolean): Promise<KeptModule<M, F>> {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, hashLength);
  await mkdir(dir, { recursive: true });
  const file = `${dir}/${name}-${hash}.mjs`;
  if (!sameBytes(file, code)) await writeFileAtomic(file, code);
  let loaded: Promise<M> | undefined;
  const load = () => (loaded ??= import(pathToFileURL(file).href) as Promise<M>);
  const factsFile = `${dir}/${name}-${hash}.json`;
  let facts = readFacts(factsFile, hash, valid) as F | undefined;
  if (facts === undefined) {
    facts = pick(await load());
    writeSealed(factsFile, hash, JSON.stringify(facts));
  }
  return { facts, hash, file, load };
}

/** Whether `file` holds exactly `code` (a module is imported only when it is the bundle just made). */
export function sameBytes(file: string, code: string): boolean {
  try {
    return readFileSync(file).equals(Buffer.from(code, 'utf8'));
  } catch {
    return false;
  }
}

/** The facts kept beside a module (sealed with its hash), or undefined when there are none, they are damaged or not `valid`. */
function readFacts(file: string, hash: string, valid: (facts: unknown) => boolean): unknown {
  try {
    const facts: unknown = JSON.parse(readSealed(file, hash)!.toString('utf8'));
    return valid(facts) ? facts : undefined;
  } catch {
    return undefined;
  }
}

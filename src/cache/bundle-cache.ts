// esbuild's bundles (templates, islands, stylesheet, card template) kept between builds, so a
// build whose bundle inputs did not change neither starts esbuild nor bundles (~0.4 s of CPU per
// warm build at 4,000 posts). One entry of the store's `bundles` kind per bundle, the last one.
//
// It is used when `key` (the bundle's options, the engine's version — which includes esbuild's —
// and whatever else the caller's bundle depends on) is the stored one and every file esbuild
// read (its metafile's inputs) still has the stored sha256. So that a new file cannot change
// what an import resolves to, the entry also holds the names in each folder an input came from
// and, from each of those folders up to its package's root, the text of package.json,
// tsconfig.json and jsconfig.json (or that there is none). A file changed while esbuild ran
// (its mtime not older than the bundle's start) keeps the bundle from being stored.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { jsonKind, type Caches } from './cache.ts';
import { engineVersion } from './engine-version.ts';

export interface Bundled {
  outputFiles: { path: string; contents: Uint8Array }[];
  metafile: Metafile;
}

interface Stored {
  key: string;
  /** Input file (absolute) → sha256 of its bytes. */
  inputs: Record<string, string>;
  /** Folder of an input → sha256 of its sorted names. */
  folders: Record<string, string>;
  /** package.json, tsconfig.json or jsconfig.json from an input's folder up to its package root → sha256 of its text, '' when absent. */
  configs: Record<string, string>;
  outputs: { path: string; text?: string; base64?: string }[];
  outputsMeta: Metafile['outputs'];
}

const bundleKind = jsonKind<Stored>('bundles', '2', (s) => Boolean(s?.inputs && s.folders && s.configs && Array.isArray(s.outputs)));
const CONFIG_FILES = ['package.json', 'tsconfig.json', 'jsconfig.json'];
/** Timestamps may be this coarse: an input touched this close to the bundle's start may have changed while esbuild read it. */
const MTIME_SLACK_MS = 2000;

/**
 * The bundle `make()` gives (an esbuild build with `metafile: true`, paths relative to `root`),
 * taken from `caches` when the stored one was made from `key` and the same inputs; no `caches`
 * (dev, check): no cache. `virtual`: inputs that are no file (stdin's name), made from the key.
 */
export async function cachedBundle(caches: Caches | undefined, id: string, root: string, key: unknown, make: () => Promise<Bundled>, virtual: string[] = []): Promise<Bundled> {
  if (!caches) return make();
  const cache = await caches.open(bundleKind);
  const fullKey = sha256(JSON.stringify({ engine: engineVersion, root, key }));
  const hit = unchanged(cache.get(id), fullKey);
  if (hit) return hit;
  const started = Date.now();
  const bundled = await make();
  const stored = describe(bundled, fullKey, root, started, new Set(virtual));
  if (stored) cache.set(id, stored);
  return bundled;
}

/** The stored bundle, when it was made from `key` and nothing it read has changed. */
function unchanged(stored: Stored | undefined, key: string): Bundled | undefined {
  if (stored?.key !== key) return undefined;
  const same = (map: Record<string, string>, hashOf: (path: string) => string | undefined) => Object.entries(map).every(([path, hash]) => hashOf(path) === hash);
  if (!same(stored.inputs, fileHash) || !same(stored.folders, folderHash) || !same(stored.configs, configHash)) return undefined;
  return {
    outputFiles: stored.outputs.map((o) => ({ path: o.path, contents: o.text !== undefined ? Buffer.from(o.text, 'utf8') : Buffer.from(o.base64 ?? '', 'base64') })),
    metafile: { inputs: {}, outputs: stored.outputsMeta },
  };
}

/** What to store of a bundle just made; undefined when an input changed while it was made. */
function describe(bundled: Bundled, key: string, root: string, started: number, virtual: Set<string>): Stored | undefined {
  const inputs: Record<string, string> = {};
  const folders: Record<string, string> = {};
  const configs: Record<string, string> = {};
  for (const input of Object.keys(bundled.metafile.inputs)) {
    // A plugin's module (`namespace:path`) or stdin (named `virtual`): made from the options, which are in the key.
    if (virtual.has(input) || /^[\w-]+:/.test(input)) continue;
    const path = resolve(root, input);
    try {
      if (statSync(path).mtimeMs >= started - MTIME_SLACK_MS) return undefined;
    } catch {
      return undefined;
    }
    const hash = fileHash(path);
    if (hash === undefined) return undefined;
    inputs[path] = hash;
    const folder = dirname(path);
    folders[folder] ??= folderHash(folder) ?? '';
    // Up to the package root; a folder seen for another input had its ancestors seen too.
    for (let at = folder; !(join(at, 'package.json') in configs); at = dirname(at)) {
      for (const name of CONFIG_FILES) configs[join(at, name)] = configHash(join(at, name));
      if (configs[join(at, 'package.json')] !== '' || at === dirname(at)) break;
    }
  }
  const outputs = bundled.outputFiles.map(({ path, contents }) => {
    const text = Buffer.from(contents).toString('utf8');
    return Buffer.from(text, 'utf8').equals(contents) ? { path, text } : { path, base64: Buffer.from(contents).toString('base64') };
  });
  return { key, inputs, folders, configs, outputs, outputsMeta: bundled.metafile.outputs };
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function fileHash(path: string): string | undefined {
  try {
    return sha256(readFileSync(path));
  } catch {
    return undefined;
  }
}

function folderHash(folder: string): string | undefined {
  try {
    return sha256(readdirSync(folder).sort().join('\0'));
  } catch {
    return undefined;
  }
}

function configHash(path: string): string {
  return fileHash(path) ?? '';
}

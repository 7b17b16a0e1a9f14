// The engine's version for cache keys: the stitch version, the source of the engine modules
// that shape an output, and the installed versions of the libraries they call. Any change to
// one of them gives a new key, so a cached output never outlives the code that produced it.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Libraries whose output ends up in the Markdown HTML. */
export const MARKDOWN_PACKAGES = [
  'unified', 'remark-parse', 'remark-gfm', 'remark-rehype', 'rehype-sanitize', 'rehype-slug', 'rehype-prism-plus',
  'rehype-stringify', 'micromark', 'mdast-util-from-markdown', 'mdast-util-to-hast', 'hast-util-to-html', 'refractor',
  'github-slugger', 'hast-util-sanitize', 'micromark-extension-gfm', 'mdast-util-gfm', 'unist-util-visit-parents',
];
/** Libraries whose output ends up in a rendered page besides Markdown. */
export const PAGE_PACKAGES = ['react', 'react-dom', 'esbuild'];

// A build asks for several versions (pages, Markdown, posts, feeds, cards): each is computed once
// per process, since the code running is the code that was loaded.
const memo = new Map<string, string>();

/** Hash of the stitch version, the engine source under `dirs` (relative to src/) and `packages`' versions. */
export function engineVersion(dirs: string[], packages: string[]): string {
  const id = `${dirs.join(',')}|${packages.join(',')}`;
  const known = memo.get(id);
  if (known) return known;
  const hash = createHash('sha256');
  hash.update(`stitch ${packageVersion(join(srcDir, '..'))}\n`);
  for (const dir of dirs) {
    for (const file of listSources(join(srcDir, dir))) hash.update(`${file}\n`).update(readFileSync(file)).update('\n');
  }
  for (const name of packages) {
    hash.update(`${name}@${installedVersion(name)}\n`);
    for (const patch of patchesOf(name)) hash.update(readFileSync(patch)).update('\n'); // patch-package's edits to it (patches/)
  }
  const version = hash.digest('hex').slice(0, 16);
  memo.set(id, version);
  return version;
}

/** Engine version of the Markdown stage (its modules and libraries). */
export function markdownEngineVersion(): string {
  return engineVersion(['markdown', 'cache'], MARKDOWN_PACKAGES);
}

/** Engine version of a rendered page (the whole engine and every library in a page). */
export function pageEngineVersion(): string {
  return engineVersion([''], [...MARKDOWN_PACKAGES, ...PAGE_PACKAGES]);
}

/** The project's patch files of package `name` (`patches/<name>+<version>.patch`, patch-package's convention; a scope's slash is a `+`). */
export function patchesOf(name: string, dir = join(srcDir, '..', 'patches')): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const prefix = `${name.replace('/', '+')}+`;
  return names.filter((file) => file.startsWith(prefix) && file.endsWith('.patch') && !file.slice(prefix.length).includes('+')).sort().map((file) => join(dir, file));
}

function listSources(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name))
    .sort();
}

function packageVersion(dir: string): string {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

/** The version of package `name` as Node resolves it from src/: the nearest node_modules/<name> up the tree. */
function installedVersion(name: string): string {
  for (let dir = srcDir; dir !== dirname(dir); dir = dirname(dir)) {
    const version = packageVersion(join(dir, 'node_modules', name));
    if (version !== '?') return version;
  }
  return 'missing';
}

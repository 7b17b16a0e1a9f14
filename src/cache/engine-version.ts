// The engine's version for cache keys: the stitch version, the source of the engine modules
// that shape an output, and the installed versions of the libraries they call (with the
// project's patches of them). Any change to one of them gives a new key, so a cached output
// never outlives the code that produced it.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Libraries whose output ends up in the Markdown HTML. */
export const MARKDOWN_PACKAGES = [
  'unified', 'remark-parse', 'remark-gfm', 'remark-rehype', 'rehype-sanitize', 'rehype-slug', 'rehype-prism-plus',
  'rehype-stringify', 'micromark', 'mdast-util-from-markdown', 'mdast-util-to-hast', 'hast-util-to-html', 'refractor',
  'github-slugger', 'hast-util-sanitize', 'micromark-extension-gfm', 'mdast-util-gfm', 'unist-util-visit-parents',
];
/** Libraries whose output ends up in a rendered page besides Markdown. */
const PAGE_PACKAGES = ['react', 'react-dom', 'esbuild'];

/** The feed writer and the XML serialiser under it (both patched: patches/), part of the feeds' key. */
export const FEED_PACKAGES = ['feed', 'xml-js'];

/** What each version covers: engine source folders (relative to src/, '' for all) and libraries. */
const PARTS = {
  page: [[''], [...MARKDOWN_PACKAGES, ...PAGE_PACKAGES]],
  markdown: [['markdown', 'cache'], MARKDOWN_PACKAGES],
  content: [['content', 'markdown'], ['yaml', 'gray-matter', 'zod']],
  feeds: [['feeds', 'routes'], FEED_PACKAGES],
  feedHtml: [['feeds'], ['unified', 'rehype-parse', 'rehype-stringify', 'parse5', 'hast-util-from-parse5', 'hast-util-to-html']],
  cards: [['cards'], ['satori', 'sharp', '@resvg/resvg-js']],
} satisfies Record<string, [string[], string[]]>;

/**
 * Each part's version: a hash of the stitch version, the part's engine source and its libraries'
 * installed versions. Computed once, as this module loads: the code running is the code that was
 * loaded, and a build asks for them many times.
 */
export const engineVersions: Readonly<Record<keyof typeof PARTS, string>> = Object.freeze(computeVersions());

function computeVersions(): Record<keyof typeof PARTS, string> {
  const sources = readdirSync(srcDir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .map((file) => [relative(srcDir, file), createHash('sha256').update(readFileSync(file)).digest('hex')]);
  const stitch = packageVersion(join(srcDir, '..'));
  const libraries = new Map<string, string>();
  const library = (name: string) => {
    if (!libraries.has(name)) {
      // patch-package's edits to it (patches/) are part of it
      const patches = patchesOf(name).map((patch) => createHash('sha256').update(readFileSync(patch)).digest('hex'));
      libraries.set(name, `${name}@${installedVersion(name)} ${patches.join(' ')}`);
    }
    return libraries.get(name);
  };
  const version = ([dirs, packages]: [string[], string[]]) => {
    const hash = createHash('sha256').update(`stitch ${stitch}\n`);
    for (const [file, digest] of sources) if (dirs.some((dir) => dir === '' || file.startsWith(`${dir}/`))) hash.update(`${file} ${digest}\n`);
    for (const name of packages) hash.update(`${library(name)}\n`);
    return hash.digest('hex').slice(0, 16);
  };
  return Object.fromEntries(Object.entries(PARTS).map(([part, covers]) => [part, version(covers)])) as Record<keyof typeof PARTS, string>;
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

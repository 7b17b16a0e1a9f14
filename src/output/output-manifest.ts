// The incremental writer's manifest (.stitch/cache/output/): per output file, the key it was
// written from, the size and mtime it got on disk, and a page's facts, whose link facts are
// indexes into one table of strings. Sealed with its hash as it is written (cache/file-cache.ts):
// a manifest changed anywhere (its link table too) is not trusted, and everything is written.
import type { LinkFacts, PageFacts } from '../render/page-facts.ts';
import { LinkTable, LinkTableReader, type PackedLinkFacts } from '../render/link-strings.ts';
import { sealedChunks, unseal } from '../cache/file-cache.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { readFile } from 'node:fs/promises';

export interface Entry {
  /** What the file was written from. */
  key: string;
  size: number;
  mtimeMs: number;
  page?: PageFacts;
}

interface Manifest {
  version: 3;
  outDir: string;
  dirty: boolean;
  /** Every string of the pages' link facts, once: thousands of pages repeat their layout's links. */
  linkTable: string[];
  /** Entries as stored: a page's facts (render/page-facts.ts), its link facts as indexes into `linkTable`, in one string (packLinks). */
  files: Record<string, Stored>;
}

type Stored = Omit<Entry, 'page'> & { page?: Omit<PageFacts, 'links'> & { links?: string } };

/** The entries `file` holds for `outDir`; undefined when it is missing, damaged, dirty or of another output. */
export async function readManifest(file: string, outDir: string): Promise<Record<string, Entry> | undefined> {
  try {
    const manifest = JSON.parse(unseal(outDir, await readFile(file))!.toString('utf8')) as Manifest;
    if (manifest.version === 3 && manifest.outDir === outDir && !manifest.dirty && manifest.files && Array.isArray(manifest.linkTable)) return unpack(manifest);
  } catch {
    // Missing or unreadable: write everything.
  }
  return undefined;
}

/** Writes the manifest of `entries` atomically; `dirty` (no entries): a commit is under way. */
export function writeManifest(file: string, outDir: string, entries: Map<string, Entry> | 'dirty'): Promise<void> {
  const dirty: Manifest = { version: 3, outDir, dirty: true, linkTable: [], files: {} };
  return writeFileAtomic(file, sealedChunks(outDir, entries === 'dirty' ? [Buffer.from(JSON.stringify(dirty))] : manifestText(outDir, entries)));
}

/** Text of the manifest is handed to the file system in chunks of about this many characters. */
const MANIFEST_CHUNK = 1 << 16;

/**
 * The manifest of `entries`, as JSON, in chunks made as the file is written: the whole text
 * (12 MB at 10,000 posts) and an object of every entry were the build's last peak of memory.
 * The link table comes last, once every page's facts are packed into it.
 */
export function* manifestText(outDir: string, entries: Map<string, Entry>): Generator<Uint8Array> {
  const table = new LinkTable();
  let text = `{"version":3,"outDir":${JSON.stringify(outDir)},"dirty":false,"files":{`;
  let first = true;
  for (const path of [...entries.keys()].sort()) {
    const entry = entries.get(path)!;
    const page = entry.page;
    const stored: Stored = page?.links ? { ...entry, page: { ...page, links: packLinks(table.pack(page.links)) } } : (entry as Stored);
    text += `${first ? '' : ','}${JSON.stringify(path)}:${JSON.stringify(stored)}`;
    first = false;
    if (text.length >= MANIFEST_CHUNK) {
      yield Buffer.from(text);
      text = '';
    }
  }
  text += '},"linkTable":[';
  for (let i = 0; i < table.strings.length; i++) {
    text += `${i === 0 ? '' : ','}${JSON.stringify(table.strings[i])}`;
    if (text.length >= MANIFEST_CHUNK) {
      yield Buffer.from(text);
      text = '';
    }
  }
  yield Buffer.from(`${text}]}`);
}
/** The manifest's entries with their link facts read back (throws on a damaged table: then everything is written). */
function unpack(manifest: Manifest): Record<string, Entry> {
  const reader = new LinkTableReader(manifest.linkTable);
  const size = manifest.linkTable.length;
  const files: Record<string, Entry> = {};
  for (const [path, stored] of Object.entries(manifest.files)) {
    const links = stored.page?.links;
    if (links !== undefined && !validLinks(links, size)) throw new Error(`damaged link facts of ${path}`);
    files[path] = links !== undefined ? { ...stored, page: { ...stored.page!, links: new LazyLinks(reader, links) } } : (stored as Entry);
  }
  return files;
}

/**
 * A kept page's link facts, read from their packed string on first use: only the link check
 * uses them, and a build whose link verdict is reused never runs it (reading 4,000 pages'
 * indexes was a third of a warm build's render stage). The string was checked by validLinks().
 * A class: an object literal with getters takes ~15 µs to make, 60–100 ms for 4,000 pages.
 */
class LazyLinks implements LinkFacts {
  #facts?: LinkFacts;
  constructor(private readonly reader: LinkTableReader, private readonly text: string) {}
  get ids() { return this.#read().ids; }
  get links() { return this.#read().links; }
  get resources() { return this.#read().resources; }
  #read(): LinkFacts { return (this.#facts ??= this.reader.unpack(unpackLinks(this.text))); }
}

/** Three `;`-separated lists of comma-separated indexes: what unpackLinks() reads. */
const PACKED_LINKS = /^(?:\d+(?:,\d+)*)?(?:;(?:\d+(?:,\d+)*)?){2}$/;

/** Whether `text` is packed link facts whose indexes are all below `size`. */
function validLinks(text: string, size: number): boolean {
  if (!PACKED_LINKS.test(text)) return false;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) n = 0; // ',' or ';': a new index starts
    else if ((n = n * 10 + digit) >= size) return false;
  }
  return true;
}

/**
 * A page's link indexes as one string, `ids;links;resources`, each a comma-separated list: a
 * JSON parser reads one string far faster than thousands of small arrays of numbers (the
 * manifest of 4,000 pages parsed in a third of the time).
 */
function packLinks(packed: PackedLinkFacts): string {
  return `${packed.ids.join(',')};${packed.links.join(',')};${packed.resources.join(',')}`;
}

/** The indexes of a string validLinks() accepted. */
function unpackLinks(text: string): PackedLinkFacts {
  const [ids, links, resources] = text.split(';').map((part) => (part === '' ? [] : part.split(',').map(Number)));
  return { ids, links, resources };
}

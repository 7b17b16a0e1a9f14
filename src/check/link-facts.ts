// What the link check needs from one rendered page: its element ids, its links and the files
// it loads. Read by a scan of the tags rather than a DOM (linkedom): the render stage records
// these for every page of a build, thousands of them, and the pages are our own serialiser's
// output (React and rehype-stringify: quoted attributes, no tags inside comments or scripts).

export type RefKind = 'image' | 'video' | 'audio' | 'script' | 'stylesheet' | 'file';

export interface LinkFacts {
  /** Every id (and `<a name>`) on the page: the #fragments that resolve. */
  ids: string[];
  /** `<a href>` and `<area href>` values as written. */
  links: string[];
  /** Files the page loads, as written. */
  resources: { url: string; kind: RefKind }[];
}

const LINK_RELS = new Set(['stylesheet', 'icon', 'shortcut', 'preload', 'modulepreload', 'apple-touch-icon', 'manifest', 'mask-icon']);

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const READ = new Set(['a', 'area', 'img', 'source', 'video', 'audio', 'picture', 'track', 'script', 'link', 'meta']);

const LT = 60; // <
const GT = 62; // >
const QUOTE = 34; // "
const APOSTROPHE = 39; // '
const SLASH = 47; // /

/** A tag name's first character: a-z, A-Z. */
function nameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** A tag name's later characters: letters, digits, `_`, `:`, `-`. */
function nameChar(c: number): boolean {
  return nameStart(c) || (c >= 48 && c <= 58) || c === 95 || c === 45;
}

/**
 * Where the `>` that ends a tag's attributes (from `from`) is, or -1: quoted values may hold a
 * `>`; a quote that is never closed ends nothing (the text is not read as a tag).
 */
function tagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === GT) return i;
    if (c === QUOTE || c === APOSTROPHE) {
      const close = html.indexOf(c === QUOTE ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

/**
 * The tags are found by hand (indexOf and character codes), not by regular expressions: this
 * runs on every page of a build, and the scan was ~8 % of a blog post's CPU with them.
 */
export function linkFacts(html: string): LinkFacts {
  const ids: string[] = [];
  const links: string[] = [];
  const resources: LinkFacts['resources'] = [];
  const add = (url: string | undefined, kind: RefKind) => {
    const trimmed = url?.trim();
    if (trimmed) resources.push({ url: trimmed, kind });
  };
  const addSrcset = (srcset: string | undefined, kind: RefKind) => {
    for (const candidate of (srcset ?? '').split(',')) add(candidate.trim().split(/\s+/)[0], kind);
  };
  /** The media element a <source> sits in (the innermost open one). */
  const media: string[] = [];
  let at = html.indexOf('<');
  while (at >= 0) {
    // `at` is a `<`; `next` is where the search for the next one goes on from.
    let next = at + 1;
    if (html.startsWith('!--', next)) {
      const end = html.indexOf('-->', next + 3);
      next = end < 0 ? html.length : end + 3;
      at = html.indexOf('<', next);
      continue;
    }
    const closing = html.charCodeAt(next) === SLASH;
    const nameAt = closing ? next + 1 : next;
    if (!nameStart(html.charCodeAt(nameAt))) {
      at = html.indexOf('<', next);
      continue;
    }
    let nameEnd = nameAt + 1;
    while (nameEnd < html.length && nameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const gt = tagEnd(html, nameEnd);
    if (gt < 0) {
      at = html.indexOf('<', nameEnd);
      continue;
    }
    next = gt + 1;
    const name = html.slice(nameAt, nameEnd).toLowerCase();
    if (closing) {
      if (name === 'video' || name === 'audio' || name === 'picture') {
        const open = media.lastIndexOf(name);
        if (open >= 0) media.length = open;
      }
      at = html.indexOf('<', next);
      continue;
    }
    const text = html.slice(nameEnd, gt);
    if (RAW_TEXT.has(name) && !text.endsWith('/')) {
      // Its content is text, not tags: go on after its end tag.
      const close = indexOfEndTag(html, name, next);
      next = close < 0 ? html.length : close;
    }
    at = html.indexOf('<', next);
    // Most tags (div, span, p) are read only for an id or an inline style.
    if (!READ.has(name) && !text.includes('id=') && !text.includes('style=')) continue;
    const attrs = attributes(text);
    if (attrs.id !== undefined) ids.push(attrs.id);
    switch (name) {
      case 'a':
        if (attrs.name !== undefined) ids.push(attrs.name);
        if (attrs.href !== undefined) links.push(attrs.href);
        break;
      case 'area':
        if (attrs.href !== undefined) links.push(attrs.href);
        break;
      case 'img':
        add(attrs.src, 'image');
        addSrcset(attrs.srcset, 'image');
        break;
      case 'source': {
        const parent = media[media.length - 1];
        const kind: RefKind = parent === 'video' ? 'video' : parent === 'audio' ? 'audio' : 'image';
        add(attrs.src, kind);
        addSrcset(attrs.srcset, kind);
        break;
      }
      case 'video':
      case 'audio':
      case 'picture':
        if (!/\/\s*$/.test(text)) media.push(name);
        if (name === 'video') {
          add(attrs.src, 'video');
          add(attrs.poster, 'image');
        } else if (name === 'audio') add(attrs.src, 'audio');
        break;
      case 'track':
        add(attrs.src, 'audio');
        break;
      case 'script':
        add(attrs.src, 'script');
        break;
      case 'link': {
        const rels = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        if (attrs.href !== undefined && rels.some((r) => LINK_RELS.has(r))) {
          add(attrs.href, rels.includes('stylesheet') ? 'stylesheet' : attrs.as === 'image' ? 'image' : 'file');
        }
        break;
      }
      case 'meta':
        if (attrs.property === 'og:image' || attrs.name === 'twitter:image') add(attrs.content, 'image');
        break;
    }
    if (attrs.style?.includes('url(')) {
      for (const u of attrs.style.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) add(u[2], 'image');
    }
  }
  return { ids, links, resources };
}

/** Where the end tag `</name` of a raw-text element starts (any case), or -1. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const lower = html.indexOf(`</${name}`, from);
  if (lower >= 0) return lower;
  const end = new RegExp(`</${name}`, 'i');
  const m = end.exec(html.slice(from));
  return m ? from + m.index : -1;
}

/**
 * The attributes of the tags read lately, by their text: the layout's links, scripts and meta
 * tags are the same on thousands of pages. Emptied when full, so it stays small.
 */
const seen = new Map<string, Record<string, string>>();
const SEEN_MAX = 2000;

/** Attribute names in lower case (HTML's are case-insensitive; React writes `srcSet`), values decoded (do not change the result: it is shared). */
function attributes(text: string): Record<string, string> {
  let known = seen.get(text);
  if (known === undefined) {
    if (seen.size >= SEEN_MAX) seen.clear();
    known = parseAttributes(text);
    seen.set(text, known);
  }
  return known;
}

function parseAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    const name = m[1].toLowerCase();
    // The first of two equal attributes wins, as in a browser.
    if (!(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Makes the link facts of many pages share their strings and resource objects. Thousands of
 * pages repeat their layout's links, and the main thread keeps every page's facts (each page's
 * arrive as fresh copies from a worker), so without this they are most of its heap on a large blog.
 */
export class LinkInterner {
  private readonly strings = new Map<string, string>();
  private readonly resources = new Map<string, LinkFacts['resources'][number]>();

  intern(facts: LinkFacts): LinkFacts {
    return {
      ids: facts.ids.map((s) => this.string(s)),
      links: facts.links.map((s) => this.string(s)),
      resources: facts.resources.map((r) => this.resource(r.url, r.kind)),
    };
  }

  string(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    this.strings.set(s, s);
    return s;
  }

  resource(url: string, kind: RefKind): LinkFacts['resources'][number] {
    const key = `${kind} ${url}`;
    let r = this.resources.get(key);
    if (!r) {
      r = { url: this.string(url), kind };
      this.resources.set(key, r);
    }
    return r;
  }
}

/** Link facts stored as indexes into a table of strings (the output manifest's: see LinkTable). */
export interface PackedLinkFacts {
  ids: number[];
  links: number[];
  /** Each resource as the index of `kind url`. */
  resources: number[];
}

/** The strings of many pages' link facts, each stored once. */
export class LinkTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  pack(facts: LinkFacts): PackedLinkFacts {
    return {
      ids: facts.ids.map((s) => this.indexOf(s)),
      links: facts.links.map((s) => this.indexOf(s)),
      resources: facts.resources.map((r) => this.indexOf(`${r.kind} ${r.url}`)),
    };
  }

  private indexOf(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.index.set(s, i);
    }
    return i;
  }
}

/** Reads packed link facts back, sharing each string and resource among the pages that have it. */
export class LinkTableReader {
  private readonly resources: LinkFacts['resources'][number][] = [];
  constructor(private readonly strings: string[]) {}

  /** Throws on an index the table does not have (a damaged file). */
  unpack(packed: PackedLinkFacts): LinkFacts {
    return {
      ids: packed.ids.map((i) => this.at(i)),
      links: packed.links.map((i) => this.at(i)),
      resources: packed.resources.map((i) => (this.resources[i] ??= this.resource(this.at(i)))),
    };
  }

  private at(i: number): string {
    const s = this.strings[i];
    if (typeof s !== 'string') throw new Error(`the link table has no entry ${i}`);
    return s;
  }

  private resource(s: string): LinkFacts['resources'][number] {
    const space = s.indexOf(' ');
    return { url: s.slice(space + 1), kind: s.slice(0, space) as RefKind };
  }
}

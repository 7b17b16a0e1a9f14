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

const TAG = /<(?:(!--)|(\/?)([a-zA-Z][\w:-]*))/g;
// The rest of a tag up to its `>`, quoted values may hold a `>` (sticky: read where TAG stopped).
const TAG_REST = /((?:[^>"']+|"[^"]*"|'[^']*')*)>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const READ = new Set(['a', 'area', 'img', 'source', 'video', 'audio', 'picture', 'track', 'script', 'link', 'meta']);

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
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m[1]) {
      const end = html.indexOf('-->', TAG.lastIndex);
      TAG.lastIndex = end < 0 ? html.length : end + 3;
      continue;
    }
    TAG_REST.lastIndex = TAG.lastIndex;
    const rest = TAG_REST.exec(html);
    if (!rest) continue;
    TAG.lastIndex = TAG_REST.lastIndex;
    const name = m[3].toLowerCase();
    if (m[2]) {
      if (name === 'video' || name === 'audio' || name === 'picture') {
        const at = media.lastIndexOf(name);
        if (at >= 0) media.length = at;
      }
      continue;
    }
    const text = rest[1];
    if (RAW_TEXT.has(name) && !text.endsWith('/')) {
      // Its content is text, not tags: go on after its end tag.
      const close = indexOfEndTag(html, name, TAG.lastIndex);
      TAG.lastIndex = close < 0 ? html.length : close;
    }
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

/** Attribute names in lower case (HTML's are case-insensitive; React writes `srcSet`), values decoded. */
function attributes(text: string): Record<string, string> {
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

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

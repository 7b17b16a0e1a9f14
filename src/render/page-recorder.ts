// Records a page's link facts (page-facts.ts) element by element while it renders: the
// templates' elements through the JSX runtime (jsx/jsx-runtime.ts), a Markdown body's through its
// hast tree, the head's from its parts (render-documents.ts). The rules of what counts live here once.
import type { Element, Nodes } from 'hast';
import { createContext } from 'react';
import type { LinkFacts, RefKind, Resource } from './page-facts.ts';

/** The recorder of the page being rendered (renderPage provides one per page); null outside a page render. */
export const RecorderContext = createContext<PageRecorder | null>(null);

/** The innermost video, audio or picture element being rendered (what its `<source>`s load). */
export const MediaParent = createContext<string | undefined>(undefined);

/** An element's attributes that matter here, as strings (undefined: not written). */
export interface RecordedAttributes {
  id?: string;
  name?: string;
  href?: string;
  src?: string;
  srcset?: string;
  poster?: string;
  rel?: string;
  as?: string;
  property?: string;
  content?: string;
  /** The inline style's text (only its `url(…)`s are read). */
  style?: string;
}

/** Elements whose attributes name a link or a file; any other element is read for its id and style. */
export const READ_TAGS: ReadonlySet<string> = new Set(['a', 'area', 'img', 'source', 'video', 'audio', 'picture', 'track', 'script', 'link', 'meta']);
/** Elements whose `<source>` children load files of their kind. */
export const MEDIA_TAGS: ReadonlySet<string> = new Set(['video', 'audio', 'picture']);
const LINK_RELS = new Set(['stylesheet', 'icon', 'shortcut', 'preload', 'modulepreload', 'apple-touch-icon', 'manifest', 'mask-icon']);
const STYLE_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

/** A page's facts so far; `mark()` and `since()` cut out what a part of it recorded. */
export class PageRecorder {
  readonly ids: string[] = [];
  readonly links: string[] = [];
  readonly resources: Resource[] = [];
  /** Raw HTML the page inserts whose facts are known (a Markdown body's), by its text. */
  readonly fragments = new Map<string, LinkFacts>();
  /** The fragments an element was seen inserting (the others are looked for in the HTML: `unseen`). */
  readonly seen = new Set<string>();

  /** Records one element; `media`: the innermost video, audio or picture it sits in. */
  element(tag: string, a: RecordedAttributes, media?: string): void {
    if (a.id !== undefined) this.ids.push(a.id);
    switch (tag) {
      case 'a':
        if (a.name !== undefined) this.ids.push(a.name);
        if (a.href !== undefined) this.links.push(a.href);
        break;
      case 'area':
        if (a.href !== undefined) this.links.push(a.href);
        break;
      case 'img':
        this.resource(a.src, 'image');
        this.srcset(a.srcset, 'image');
        break;
      case 'source': {
        const kind: RefKind = media === 'video' ? 'video' : media === 'audio' ? 'audio' : 'image';
        this.resource(a.src, kind);
        this.srcset(a.srcset, kind);
        break;
      }
      case 'video':
        this.resource(a.src, 'video');
        this.resource(a.poster, 'image');
        break;
      case 'audio':
      case 'track':
        this.resource(a.src, 'audio');
        break;
      case 'script':
        this.resource(a.src, 'script');
        break;
      case 'link': {
        const rels = (a.rel ?? '').toLowerCase().split(/\s+/);
        if (a.href !== undefined && rels.some((r) => LINK_RELS.has(r))) {
          this.resource(a.href, rels.includes('stylesheet') ? 'stylesheet' : a.as === 'image' ? 'image' : 'file');
        }
        break;
      }
      case 'meta':
        if (a.property === 'og:image' || a.name === 'twitter:image') this.resource(a.content, 'image');
        break;
    }
    if (a.style?.includes('url(')) for (const u of a.style.matchAll(STYLE_URL)) this.resource(u[2], 'image');
  }

  /** A file the page loads, as written (surrounding spaces dropped; an empty one is none). */
  resource(url: string | undefined, kind: RefKind): void {
    const trimmed = url?.trim();
    if (trimmed) this.resources.push({ url: trimmed, kind });
  }

  private srcset(srcset: string | undefined, kind: RefKind): void {
    for (const candidate of (srcset ?? '').split(',')) this.resource(candidate.trim().split(/\s+/)[0], kind);
  }

  /**
   * Records the fragments no recorded element inserted but that are in `html`: raw HTML given
   * by a template that calls React's createElement itself, not through the JSX runtime.
   */
  unseen(html: string): void {
    for (const [fragment, facts] of this.fragments) if (!this.seen.has(fragment) && html.includes(fragment)) this.add(facts);
  }

  /** Adds facts recorded elsewhere (a Markdown body, a part pasted from an earlier page). */
  add(facts: LinkFacts): void {
    this.ids.push(...facts.ids);
    this.links.push(...facts.links);
    this.resources.push(...facts.resources);
  }

  /** How much has been recorded: since(mark) is what was recorded after. */
  mark(): [number, number, number] {
    return [this.ids.length, this.links.length, this.resources.length];
  }

  since([ids, links, resources]: [number, number, number]): LinkFacts {
    return { ids: this.ids.slice(ids), links: this.links.slice(links), resources: this.resources.slice(resources) };
  }

  facts(): LinkFacts {
    return { ids: this.ids, links: this.links, resources: this.resources };
  }
}

/** The link facts of a hast tree (a Markdown body, as rehype-stringify will write it). */
export function hastLinkFacts(tree: Nodes): LinkFacts {
  const recorder = new PageRecorder();
  recordHast(recorder, tree);
  return recorder.facts();
}

function recordHast(recorder: PageRecorder, node: Nodes, media?: string): void {
  if (node.type === 'element') {
    recorder.element(node.tagName, hastAttributes(node), media);
    if (MEDIA_TAGS.has(node.tagName)) media = node.tagName;
  }
  if ('children' in node) for (const child of node.children) recordHast(recorder, child, media);
}

/** hast property values as rehype-stringify writes them: lists joined, false and null left out. */
function hastAttributes(node: Element): RecordedAttributes {
  const p = node.properties;
  const text = (value: unknown, separator = ' '): string | undefined => {
    if (value === undefined || value === null || value === false) return undefined;
    if (value === true) return '';
    return Array.isArray(value) ? value.join(separator) : String(value);
  };
  return {
    id: text(p.id), name: text(p.name), href: text(p.href), src: text(p.src), srcset: text(p.srcSet, ', '),
    poster: text(p.poster), rel: text(p.rel), as: text(p.as), property: text(p.property), content: text(p.content),
    style: text(p.style),
  };
}

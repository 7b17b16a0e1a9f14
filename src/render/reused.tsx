// Parts of the page shell that are the same on thousands of pages (header, mobile menu, footer)
// are rendered by React once and pasted into later pages as HTML: they were most of React's
// work on a blog post. A part is rendered in place the first time, between two marker
// elements, so its HTML is exactly what React writes there; renderPage() cuts it out and
// keeps it under the part's key, and later pages render a placeholder it replaces.
// The key must be everything the part's HTML depends on: `by` (an object the pages share, kept
// while it lives) and `id` (a string). A part must record no islands and no images (a pasted
// part would not record them again; renderPage() refuses to keep one that does); its links and
// ids are kept with its HTML and recorded again where it is pasted.
// The parts kept live as long as their `KeptParts`: one per document renderer (a build's thread
// or a worker), never the module.
import { createContext, createElement, Fragment, useContext, type ReactElement } from 'react';
import type { LinkFacts } from './page-facts.ts';
import type { PageRecorder } from './page-recorder.ts';

/** The parts of the page being rendered (renderPage provides one per page). */
export const ReusedParts = createContext<PageParts | null>(null);

/** Renders `children` once per (`by`, `id`) and pastes its HTML into later pages. */
export function Reused({ by, id, children }: { by: object; id: string; children: ReactElement }) {
  const parts = useContext(ReusedParts);
  return parts ? parts.element(by, id, children) : children;
}

// Marker names no page can contain: a custom element with a random name (Markdown's raw HTML
// is dropped and React escapes text), so a page's own text is never taken for a marker.
const NONCE = Math.random().toString(36).slice(2, 10);
const TAG = `stitch-part-${NONCE}`;
const OPEN = `<${TAG}-`;
const MARKER_SOURCE = `<${TAG}-([sep]) data-k="(\\d+)"></${TAG}-\\1>`;
/** HTML that records something while it renders: never pasted. */
const RECORDS = /<img\b|<source\b|data-island/;

/** A part rendered once: its HTML and the links and ids it recorded (recorded again where pasted). */
interface KeptPart {
  html: string;
  links: LinkFacts;
}

/** The parts rendered so far, by `by` and `id`: what later pages paste. */
export type KeptParts = WeakMap<object, Map<string, KeptPart>>;

/** Renders the end marker of a part rendered in place, noting what the page had recorded by then. */
function PartEnd({ k, ended }: { k: number; ended: () => void }) {
  ended();
  return createElement(`${TAG}-e`, { 'data-k': k });
}

export class PageParts {
  private readonly firsts: { by: object; id: string; from: ReturnType<PageRecorder['mark']>; links?: LinkFacts }[] = [];
  private readonly pasted: string[] = [];

  constructor(
    private readonly kept: KeptParts,
    private readonly recorder: PageRecorder,
  ) {}

  element(by: object, id: string, children: ReactElement): ReactElement {
    const part = this.kept.get(by)?.get(id);
    if (part !== undefined) {
      this.recorder.add(part.links);
      return createElement(`${TAG}-p`, { 'data-k': this.pasted.push(part.html) - 1 });
    }
    const first = { by, id, from: this.recorder.mark(), links: undefined as LinkFacts | undefined };
    const k = this.firsts.push(first) - 1;
    const ended = () => (first.links = this.recorder.since(first.from));
    return createElement(Fragment, null, createElement(`${TAG}-s`, { 'data-k': k }), children, createElement(PartEnd, { k, ended }));
  }

  /** The page's HTML without markers, the pasted parts in place; keeps the parts rendered here. */
  finish(html: string): string {
    if (this.firsts.length === 0 && this.pasted.length === 0) return html;
    this.firsts.forEach(({ by, id, links }, k) => {
      const start = `<${TAG}-s data-k="${k}"></${TAG}-s>`;
      const from = html.indexOf(start) + start.length;
      const to = html.indexOf(`<${TAG}-e data-k="${k}"></${TAG}-e>`, from);
      if (from < start.length || to < 0) return;
      const part = html.slice(from, to);
      if (part.includes(`<${TAG}`) || RECORDS.test(part) || !links) return;
      let parts = this.kept.get(by);
      if (!parts) this.kept.set(by, (parts = new Map()));
      parts.set(id, { html: part, links });
    });
    // indexOf finds the few markers of a 40 KB page several times faster than a RegExp.
    const marker = new RegExp(MARKER_SOURCE, 'y');
    let out = '';
    let at = 0;
    for (let m = html.indexOf(OPEN, at); m >= 0; m = html.indexOf(OPEN, at)) {
      marker.lastIndex = m;
      const found = marker.exec(html);
      if (!found) break;
      out += html.slice(at, m) + (found[1] === 'p' ? this.pasted[Number(found[2])] : '');
      at = marker.lastIndex;
    }
    return at === 0 ? html : out + html.slice(at);
  }
}

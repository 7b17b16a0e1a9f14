// The JSX runtime of the server's templates bundle (bundle-templates.ts: esbuild's
// jsxImportSource): React's own, except that an element which can name a link, a file or an id
// renders through Recorded, which records it into the page's recorder as React renders it, in
// document order. The HTML is React's, unchanged: Recorded renders the element it wraps.
import { useContext, type ElementType } from 'react';
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import { MEDIA_TAGS, MediaParent, READ_TAGS, RecorderContext, type RecordedAttributes } from '../page-recorder.ts';

export { Fragment };

type Props = Record<string, unknown>;

export function jsx(type: ElementType, props: Props, key?: string) {
  return recorded(type, props) ? reactJsx(Recorded, { tag: type as string, props, make: reactJsx }, key) : reactJsx(type, props, key);
}

/** Static children (a list written out in the JSX): React checks their keys differently in development. */
export function jsxs(type: ElementType, props: Props, key?: string) {
  return recorded(type, props) ? reactJsx(Recorded, { tag: type as string, props, make: reactJsxs }, key) : reactJsxs(type, props, key);
}

function recorded(type: ElementType, props: Props): boolean {
  return typeof type === 'string' && (READ_TAGS.has(type) || props.id != null || props.style != null || props.dangerouslySetInnerHTML != null);
}

function Recorded({ tag, props, make }: { tag: string; props: Props; make: typeof reactJsx }) {
  const recorder = useContext(RecorderContext);
  const media = useContext(MediaParent);
  if (recorder) {
    recorder.element(tag, attributes(props), media);
    const html = (props.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
    // Raw HTML is read through the facts of its source (a Markdown body's); other raw HTML is not read.
    const known = typeof html === 'string' ? recorder.fragments.get(html) : undefined;
    if (known) {
      recorder.add(known);
      recorder.seen.add(html as string);
    }
  }
  const element = make(tag as ElementType, props);
  return MEDIA_TAGS.has(tag) ? reactJsx(MediaParent.Provider, { value: tag, children: element }) : element;
}

/** A prop as React writes it into the attribute (undefined: left out). */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
}

function attributes(p: Props): RecordedAttributes {
  return {
    id: text(p.id), name: text(p.name), href: text(p.href), src: text(p.src), srcset: text(p.srcSet ?? p.srcset),
    poster: text(p.poster), rel: text(p.rel), as: text(p.as), property: text(p.property), content: text(p.content),
    style: styleText(p.style),
  };
}

/** The values of a style object (its `url(…)`s are what is read). */
function styleText(style: unknown): string | undefined {
  if (typeof style !== 'object' || style === null) return typeof style === 'string' ? style : undefined;
  return Object.values(style).filter((v): v is string => typeof v === 'string').join(';');
}

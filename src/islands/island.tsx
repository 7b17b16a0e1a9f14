// The Island wrapper used by templates: renders the widget's server HTML as its own root
// (so client hydration matches, useId included), records the client entry it needs, and
// writes its props as escaped JSON next to it.
import { createContext, createElement, useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ImageCollector } from '../images/image-context.ts';
import { RecorderContext } from '../render/page-recorder.ts';
import { entryFor, type HydrateWhen } from './entry-names.ts';
import { serializeJson } from './serialize.ts';

/** Collects the client entries the page being rendered uses (see entry-names.ts). */
export const IslandCollector = createContext<Set<string> | null>(null);

export type { HydrateWhen };

export interface IslandProps<P> {
  /** Client entry name: templates/islands/<name>.tsx. */
  name: string;
  component: ComponentType<P>;
  props: P;
  /** When to hydrate: at once (above the fold), near the viewport, or when the browser is idle;
   *  `visible` and `idle` islands load their code only then. */
  when?: HydrateWhen;
  /** A media query for a `visible` or `idle` island: while it does not match, the island mounts
   *  only when the visitor clicks in it (its code is not loaded before). For a widget that is
   *  a mere button on some screens (the contact form, behind a dialog button on phones). */
  media?: string;
  /** Inline islands use spans so they can sit inside phrasing content. */
  inline?: boolean;
  className?: string;
}

export function Island<P extends object>({ name, component, props, when = 'load', media, inline = false, className }: IslandProps<P>) {
  useContext(IslandCollector)?.add(entryFor(name, when));
  // The widget renders as its own root: hand it the page's image collector and recorder, so the
  // images, links and ids it shows are recorded with the page's.
  const images = useContext(ImageCollector);
  const recorder = useContext(RecorderContext);
  const widget = createElement(ImageCollector.Provider, { value: images }, createElement(component as ComponentType<object>, props));
  const html = renderToString(createElement(RecorderContext.Provider, { value: recorder }, widget));
  const tag = inline ? 'span' : 'div';
  return createElement(
    tag,
    { 'data-island': name, 'data-hydrate': when, 'data-hydrate-media': when === 'load' ? undefined : media, className: className ? `island ${className}` : 'island' },
    createElement(tag, { 'data-island-root': '', 'data-server-rendered': 'true', className: 'island-root', dangerouslySetInnerHTML: { __html: html } }),
    createElement('script', { type: 'application/json', 'data-island-props': '', dangerouslySetInnerHTML: { __html: serializeJson(props) } }),
  );
}

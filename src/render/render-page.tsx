// Server rendering of one route's body with React; returns the HTML and what it recorded: the
// islands, the images, the link facts. This module is bundled together with the templates so
// both share one React, one island collector, one image collector, one page recorder (fed by
// the bundle's JSX runtime, render/jsx/) and one image-manifest context (from props.layout.images).
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandCollector } from '../islands/island.tsx';
import { ImageCollector, ImageManifestContext, type ImageUse } from '../images/image-context.ts';
import type { ImageManifest } from '../images/image-manifest.ts';
import type { LinkFacts } from './page-facts.ts';
import { PageRecorder, RecorderContext } from './page-recorder.ts';
import { PageParts, ReusedParts, type KeptParts } from './reused.tsx';

export interface RenderedBody {
  html: string;
  islands: string[];
  /** The images it emitted, in document order (recorded by the image components). */
  images: ImageUse[];
  /** Its ids, links and referenced files, in document order. */
  links: LinkFacts;
}

/**
 * `kept`: the shared parts (reused.tsx) of the pages this renderer rendered before.
 * `fragments`: the link facts of raw HTML the page inserts (its Markdown body), by its text.
 */
export function renderPage(templates: Record<string, ComponentType<any>>, template: string, props: Record<string, unknown>, kept: KeptParts, fragments: [string, LinkFacts][] = []): RenderedBody {
  const Component = templates[template];
  if (!Component) throw new Error(`no template named "${template}" (templates/index.ts exports: ${Object.keys(templates).join(', ')})`);
  const islands = new Set<string>();
  const manifest = ((props.layout as { images?: ImageManifest } | undefined)?.images) ?? {};
  const page = createElement(ImageManifestContext.Provider, { value: manifest }, createElement(Component, props));
  const images: ImageUse[] = [];
  const recorder = new PageRecorder();
  for (const [html, facts] of fragments) recorder.fragments.set(html, facts);
  const parts = new PageParts(kept, recorder);
  const html = renderToString(createElement(ReusedParts.Provider, { value: parts }, createElement(RecorderContext.Provider, { value: recorder }, createElement(IslandCollector.Provider, { value: islands }, createElement(ImageCollector.Provider, { value: images }, page)))));
  recorder.unseen(html);
  return { html: parts.finish(html), islands: [...islands].sort(), images, links: recorder.facts() };
}

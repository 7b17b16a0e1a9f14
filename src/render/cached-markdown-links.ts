// The link facts of a Markdown body whose HTML came from the Markdown cache, which keeps HTML
// only: the HTML is parsed back into the hast tree it was written from (hast-util-from-html) and
// read as the Markdown pipeline reads a fresh one. A body rendered in this build has its facts
// from the pipeline itself (render-markdown.ts); this runs only for pages rendered again from
// cached Markdown while links are checked.
import { fromHtml } from 'hast-util-from-html';
import type { LinkFacts } from './page-facts.ts';
import { hastLinkFacts } from './page-recorder.ts';

export function cachedMarkdownLinks(html: string): LinkFacts {
  return hastLinkFacts(fromHtml(html, { fragment: true }));
}

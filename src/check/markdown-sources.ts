// The Markdown bodies of the site, with the file and line each starts at: the link check
// places its findings in them, the link verdict keys on them. Apart from check-markdown.ts,
// which loads the Markdown parser.
import { postBody } from '../content/post-bodies.ts';
import type { ContentGraph } from '../content/types.ts';

export interface MarkdownSource {
  /** Path relative to the project root. */
  file: string;
  body: string;
  /** 1-based line of the file where the body starts. */
  bodyLine: number;
  /** The page the body renders into. */
  page: string;
}

export function markdownSources(graph: ContentGraph): MarkdownSource[] {
  const pages = ([['/about', graph.about], ['/privacy', graph.privacy], ['/terms', graph.terms]] as const)
    .map(([page, p]) => ({ file: p.origin.file, body: p.body, bodyLine: p.origin.line ?? 1, page }));
  // A post's body is read (back from its file, when the build kept none) only when asked for.
  const posts = graph.posts.map((p): MarkdownSource => {
    let body: string | undefined;
    return { file: p.origin.file, bodyLine: p.origin.line ?? 1, page: `/blog/${p.slug}`, get body() { return (body ??= postBody(graph, p)); } };
  });
  return [...pages, ...posts];
}

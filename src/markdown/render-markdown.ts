// unified: remark-parse → remark-gfm → remark-rehype → sanitize → slug → elements (links, focusable code, prism) → stringify.
// Raw HTML in Markdown is dropped by remark-rehype (allowDangerousHtml off) and the tree is
// sanitised, so an editor cannot inject markup; code highlighting runs after sanitising.
// remark-gfm doubles the parse time (its autolink literals are tried at every word), so a
// document that cannot contain GFM syntax is parsed without it: the output is the same.
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import type { Root } from 'hast';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import type { LinkFacts } from '../render/page-facts.ts';
import { hastLinkFacts } from '../render/page-recorder.ts';
import rehypeElements from './rehype-elements.ts';
import { MARKDOWN_FAILED, type MarkdownOptions } from './options-key.ts';

/** What sanitising keeps: the default schema, ids as written (rehype-slug runs later) and the code language class for Prism. */
export const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]] as NonNullable<SanitizeSchema['attributes']>[string],
    a: [...(defaultSchema.attributes?.a ?? []), 'title'],
  },
};

type StringProcessor = Processor<any, any, any, any, string>;

function build(options: MarkdownOptions, gfm: boolean): StringProcessor {
  const p = unified().use(remarkParse);
  if (gfm) p.use(remarkGfm);
  return p
    .use(remarkRehype)
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    .use(rehypeSlug)
    .use(rehypeElements, { siteUrl: options.siteUrl })
    .use(rehypeRecordLinks)
    .use(rehypeStringify) as unknown as StringProcessor;
}

/**
 * The Markdown pipeline, its processors made once per options and kept for the renderer's life:
 * one per build on the main thread, one per worker (render/render-documents.ts documentTask).
 */
export class MarkdownRenderer {
  private processors?: { key: string; gfm: StringProcessor; plain: StringProcessor };

  private processor(options: MarkdownOptions, gfm: boolean): StringProcessor {
    const key = JSON.stringify(options);
    if (this.processors?.key !== key) this.processors = { key, gfm: build(options, true), plain: build(options, false) };
    return gfm ? this.processors.gfm : this.processors.plain;
  }

  /** The body's HTML and its link facts; a body the pipeline cannot render gives MARKDOWN_FAILED and the reason, no facts. */
  renderWithLinks(markdown: string, options: MarkdownOptions = {}): { html: string; links?: LinkFacts } {
    try {
      const file = this.processor(options, mayContainGfm(markdown)).processSync(markdown);
      return { html: compact(String(file)), links: file.data.links };
    } catch (error) {
      return { html: `${MARKDOWN_FAILED}${(error instanceof Error ? error.message : String(error)).replace(/--/g, '- -')}-->` };
    }
  }
}

/**
 * Whether a document may contain GFM syntax. Without these characters it cannot: autolink
 * literals need `@`, `www.` or `://` (or a character reference or escape that decodes to
 * one: `&`, a backslash), tables `|`, strikethrough `~`, footnotes `[^`, task list items `[ ]`/`[x]`.
 * False positives only cost speed; test/perf-markdown.test.ts compares both pipelines.
 */
export function mayContainGfm(markdown: string): boolean {
  return /[@|~&\\]|www\.|:\/\/|\[\^|\[\s*[xX]?\s*\]/i.test(markdown);
}

/** Records the body's ids, links and files from its final tree (the page's link facts take them in). */
function rehypeRecordLinks() {
  return (tree: Root, file: VFile) => {
    file.data.links = hastLinkFacts(tree);
  };
}

declare module 'vfile' {
  interface DataMap {
    links: LinkFacts;
  }
}

/** One body rendered by a renderer of its own (tests, and the few feed posts rendered on the build's thread). */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  return new MarkdownRenderer().renderWithLinks(markdown, options).html;
}

/**
 * The same text, stored one byte per character when it can be. The pipeline's output is often
 * a two-byte string even when every character is ASCII (V8 keeps the representation of the
 * pieces it was joined from), which doubles the memory of every post's HTML a build holds and
 * the bytes sent back from the workers.
 */
export function compact(text: string): string {
  return LATIN1.test(text) ? Buffer.from(text, 'latin1').toString('latin1') : text;
}

const LATIN1 = /^[\0-\xff]*$/;

/** The full pipeline, GFM always on (the reference the fast path is tested against). */
export function renderMarkdownWithGfm(markdown: string, options: MarkdownOptions = {}): string {
  return String(build(options, true).processSync(markdown));
}

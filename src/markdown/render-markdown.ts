// unified: remark-parse → remark-gfm → remark-rehype → sanitize → slug → links → prism → stringify.
// Raw HTML in Markdown is dropped by remark-rehype (allowDangerousHtml off) and the tree is
// sanitised, so an editor cannot inject markup; code highlighting runs after sanitising.
import rehypePrism from 'rehype-prism-plus';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import rehypeLinks from './rehype-links.ts';

export interface MarkdownOptions {
  siteUrl?: string;
}

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Keep ids as written (rehype-slug runs later) and the code language class for Prism.
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]] as NonNullable<SanitizeSchema['attributes']>[string],
    a: [...(defaultSchema.attributes?.a ?? []), 'title'],
  },
};

let cached: { key: string; processor: Processor<any, any, any, any, string> } | undefined;

function processor(options: MarkdownOptions) {
  const key = JSON.stringify(options);
  if (cached?.key === key) return cached.processor;
  const p = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeSlug)
    .use(rehypeLinks, { siteUrl: options.siteUrl })
    .use(rehypePrism, { ignoreMissing: true, defaultLanguage: undefined })
    .use(rehypeStringify);
  cached = { key, processor: p as unknown as Processor<any, any, any, any, string> };
  return cached.processor;
}

export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  return String(processor(options).processSync(markdown));
}

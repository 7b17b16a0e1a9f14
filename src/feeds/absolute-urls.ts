// A post's HTML as a feed carries it: parsed as an HTML fragment (rehype-parse, parse5), every
// relative URL made absolute (rehype-absolute-urls.ts), serialised again.
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import rehypeAbsoluteUrls from './rehype-absolute-urls.ts';

const processor = unified().use(rehypeParse, { fragment: true }).use(rehypeStringify);

/** `html` (a fragment) with every relative URL made absolute against `base` (the post's absolute URL). */
export function absoluteUrls(html: string, base: string): string {
  const tree = processor.parse(html);
  rehypeAbsoluteUrls({ base })(tree);
  return processor.stringify(tree);
}

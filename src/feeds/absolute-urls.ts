// A post's HTML as a feed carries it: parsed as an HTML fragment (rehype-parse, parse5), every
// relative URL (href, src, srcset, poster, cite) resolved against the post's absolute URL, and
// serialised again. A feed reader shows a post away from the site, so its links and images must
// not depend on where the page was.
import type { Element } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

const processor = unified().use(rehypeParse, { fragment: true }).use(rehypeStringify);

const URL_PROPERTIES = ['href', 'src', 'poster', 'cite'];
/** A URL with a scheme (https:, mailto:, data:…) is already absolute. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `html` (a fragment) with every relative URL made absolute against `base` (the post's absolute URL). */
export function absoluteUrls(html: string, base: string): string {
  const tree = processor.parse(html);
  visit(tree, 'element', (node: Element) => {
    for (const name of URL_PROPERTIES) {
      const value = node.properties[name];
      if (typeof value === 'string') node.properties[name] = resolveUrl(value, base);
    }
    const srcset = node.properties.srcSet;
    if (typeof srcset === 'string') node.properties.srcSet = resolveSrcset(srcset, base);
  });
  return processor.stringify(tree);
}

function resolveUrl(value: string, base: string): string {
  const url = value.trim();
  if (HAS_SCHEME.test(url)) return value;
  try {
    return new URL(url, base).href;
  } catch {
    return value;
  }
}

/**
 * Each candidate's URL of a srcset ("a.jpg 480w, b.jpg 2x") resolved, descriptors kept. Split as
 * HTML does: a URL runs to the next whitespace (a comma inside it is part of it; trailing commas
 * end the candidate), its descriptors to the next comma.
 */
function resolveSrcset(srcset: string, base: string): string {
  const candidates: string[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i])) i++;
    if (i >= srcset.length) break;
    let end = i;
    while (end < srcset.length && !/\s/.test(srcset[end])) end++;
    let url = srcset.slice(i, end);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', end);
      descriptor = srcset.slice(end, comma === -1 ? undefined : comma).trim();
      end = comma === -1 ? srcset.length : comma;
    }
    candidates.push(descriptor ? `${resolveUrl(url, base)} ${descriptor}` : resolveUrl(url, base));
    i = end;
  }
  return candidates.join(', ');
}

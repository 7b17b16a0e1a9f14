// rehype plugin: every relative URL of the tree (href, src, srcset, poster, cite) resolved
// against `base`. A feed reader shows a post away from the site, so its links and images
// must not depend on where the page was.
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export interface RehypeAbsoluteUrlsOptions {
  /** The absolute URL the document's relative URLs are relative to (the post's page). */
  base: string;
}

const URL_PROPERTIES = ['href', 'src', 'poster', 'cite'];
/** A URL with a scheme (https:, mailto:, data:…) is already absolute. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export default function rehypeAbsoluteUrls(options: RehypeAbsoluteUrlsOptions) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const name of URL_PROPERTIES) {
        const value = node.properties[name];
        if (typeof value === 'string') node.properties[name] = resolveUrl(value, options.base);
      }
      const srcset = node.properties.srcSet;
      if (typeof srcset === 'string') node.properties.srcSet = resolveSrcset(srcset, options.base);
    });
  };
}

export function resolveUrl(value: string, base: string): string {
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
export function resolveSrcset(srcset: string, base: string): string {
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

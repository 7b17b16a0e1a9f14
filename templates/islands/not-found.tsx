// The 404 page's island (DESIGN.md "Decisions"): prefix redirects replace the location; a
// missing article shows 'Article not found.' and goes back to /blog; other paths get the
// spec's message for their pattern. The path stays in the address bar and the miss is logged.
import { useEffect, useState } from 'react';

export interface NotFoundProps {
  prefixRedirects: { base: string; to: string }[];
}

/** How long 'Article not found.' stays before the blog listing replaces it. */
export const BLOG_REDIRECT_DELAY = 1500;

/** The spec's message for a path, or undefined when its pattern has none. */
export function notFoundMessage(path: string): string | undefined {
  if (/^\/services\/[^/]+$/.test(path)) return 'Category not found';
  if (/^\/services\/[^/]+\/[^/]+$/.test(path) || /^\/detailing-services\/[^/]+$/.test(path)) return 'Service not found';
  if (/^\/locations\/[^/]+$/.test(path)) return 'Location not found';
  if (/^\/blog\/[^/]+$/.test(path)) return 'Article not found.';
  return undefined;
}

export function prefixTarget(path: string, rules: NotFoundProps['prefixRedirects']): string | undefined {
  return rules
    .filter((r) => path === r.base || path.startsWith(r.base === '/' ? '/' : `${r.base}/`))
    .sort((a, b) => b.base.length - a.base.length)[0]?.to;
}

export default function NotFound({ prefixRedirects }: NotFoundProps) {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    const current = location.pathname.replace(/\/+$/, '') || '/';
    const target = prefixTarget(current, prefixRedirects);
    if (target && target !== current) {
      location.replace(target);
      return;
    }
    console.error('404 Error: User attempted to access non-existent route:', current);
    setPath(current);
    if (notFoundMessage(current) === 'Article not found.') {
      const timer = setTimeout(() => location.replace('/blog'), BLOG_REDIRECT_DELAY);
      return () => clearTimeout(timer);
    }
  }, [prefixRedirects]);

  const message = path === null ? undefined : notFoundMessage(path);
  return (
    <div className="not-found-reason" role="status">
      {message ? (
        <>
          <p className="not-found-message">{message}</p>
          {path?.startsWith('/blog/') && <p><a href="/blog">← Back to Blog</a></p>}
        </>
      ) : (
        <p className="not-found-message">Sorry, we couldn't find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      )}
    </div>
  );
}

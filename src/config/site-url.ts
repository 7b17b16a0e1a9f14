// The site's address (site.yaml `url`, or SITE_URL) becomes every canonical URL, og:url, the
// sitemap and robots.txt: it must be an http(s) origin, never `javascript:` or a bare path.
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { ResolvedConfig } from './resolve-config.ts';

/** Whether `value` is an absolute http:// or https:// origin (a trailing slash is fine). */
export function isSiteOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    && url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === ''
    // new URL() fixes up "https:example.com" and "https:/x": require what was written to be a full address.
    && /^https?:\/\/[^/]/i.test(value);
}

/** Problems with the resolved configuration itself (the environment), before any content is read. */
export function checkConfig(config: ResolvedConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (config.siteUrlOverride !== undefined && !isSiteOrigin(config.siteUrlOverride)) out.push(errors.invalidSiteUrlVariable(config.siteUrlOverride));
  return out;
}

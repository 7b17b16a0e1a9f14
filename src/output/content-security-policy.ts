// The Content-Security-Policy of the built site: one policy for every path (a `/*` rule in
// _headers), since every page carries the same inline scripts (the head script; a redirect
// stub's script reads its target from an attribute, so it is the same text on every stub).
// Scripts: same-origin files and the hashes of those inline scripts, nothing else. Style
// attributes stay allowed for the blurred placeholder of every photo, a per-image data: URL
// (docs/security.md says why that is acceptable); stylesheets and <style> only from the site.
// Other origins only where the templates or the environment name them: the map frame, the
// quote webhook, the deploy hook.
import { createHash } from 'node:crypto';

export interface PolicySources {
  /** The text of every inline script the pages carry, exactly as emitted. */
  inlineScripts: string[];
  /** Origins the templates show in frames (the map embed). */
  frameOrigins: string[];
  /** URLs the pages fetch (quote webhook, deploy hook); relative ones are same-origin. */
  connectUrls: string[];
}

/** A CSP hash source for an inline script: 'sha256-<base64>' of its UTF-8 text. */
function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The origin of an absolute http(s) URL, or undefined (a relative URL is same-origin). */
function urlOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const sorted = (items: (string | undefined)[]) => [...new Set(items.filter((x): x is string => Boolean(x)))].sort();

export function contentSecurityPolicy(s: PolicySources): string {
  const frames = sorted(s.frameOrigins.map(urlOrigin));
  const directives: string[][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...sorted(s.inlineScripts.map(scriptHash))],
    // Style attributes (the placeholders) inline; stylesheets and <style> only from the site.
    // Browsers without the -elem/-attr directives fall back to style-src.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['style-src-elem', "'self'"],
    ['style-src-attr', "'unsafe-inline'"],
    // data: is the photos' blurred placeholders.
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['connect-src', "'self'", ...sorted(s.connectUrls.map(urlOrigin))],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

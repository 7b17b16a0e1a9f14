// Assembles the full HTML document around a rendered body: doctype, lang, charset, the
// spec's viewport (zoom up to 5), title, description, canonical, Open Graph, Twitter,
// JSON-LD, the stylesheet and only the island entries this page uses.
import type { AlternateLink } from '../feeds/feed-links.ts';
import { serializeJson } from '../islands/serialize.ts';
import type { Head } from '../routes/types.ts';

export interface DocumentParts {
  head: Head;
  /** The JSON-LD objects of the head, each written in its own script tag (routes/json-ld.ts `pageJsonLd`). */
  jsonLd: Record<string, unknown>[];
  /** `<link rel="alternate">` of the page (the blog feeds, on every page). */
  alternates?: AlternateLink[];
  body: string;
  siteName: string;
  /** Public URLs of the stylesheets. */
  styles: string[];
  /** Public URLs of the island entry modules this page needs. */
  scripts: string[];
  /** Public URLs of chunks those entries import, preloaded to save a round trip. */
  preloads: string[];
  /** Inline script run before paint (tiny: image fade-in, header state). */
  inlineScript?: string;
  /** Extra tags for the head (dev live reload). */
  extraHead?: string;
  favicon?: string;
  themeColor?: string;
  /** Responsive preloads for head.preloadImages (same order), from the image manifest. */
  imagePreloads?: ImagePreload[];
}

/** A preload of a responsive image: the browser fetches the candidate it would pick. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
  type?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderDocument(p: DocumentParts): string {
  const h = p.head;
  const meta: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5">',
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}">`,
  ];
  if (h.noindex) meta.push('<meta name="robots" content="noindex">');
  if (h.canonical) meta.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}">`);
  for (const a of p.alternates ?? []) meta.push(`<link rel="alternate" type="${escapeHtml(a.type)}" title="${escapeHtml(a.title)}" href="${escapeHtml(a.href)}">`);
  meta.push(
    `<meta property="og:site_name" content="${escapeHtml(p.siteName)}">`,
    `<meta property="og:type" content="${h.ogType}">`,
    `<meta property="og:title" content="${escapeHtml(h.title)}">`,
    `<meta property="og:description" content="${escapeHtml(h.description)}">`,
    `<meta property="og:image" content="${escapeHtml(h.image)}">`,
    ...(h.imageWidth && h.imageHeight ? [`<meta property="og:image:width" content="${h.imageWidth}">`, `<meta property="og:image:height" content="${h.imageHeight}">`] : []),
    ...(h.imageAlt ? [`<meta property="og:image:alt" content="${escapeHtml(h.imageAlt)}">`] : []),
    '<meta property="og:locale" content="en_US">',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(h.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(h.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(h.image)}">`,
    ...(h.imageAlt ? [`<meta name="twitter:image:alt" content="${escapeHtml(h.imageAlt)}">`] : []),
  );
  if (h.canonical) meta.push(`<meta property="og:url" content="${escapeHtml(h.canonical)}">`);
  if (p.themeColor) meta.push(`<meta name="theme-color" content="${escapeHtml(p.themeColor)}">`);
  if (p.favicon) meta.push(`<link rel="icon" href="${escapeHtml(p.favicon)}" type="image/svg+xml">`);
  for (const href of p.styles) meta.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  for (const pre of imagePreloadsOf(h, p)) {
    const responsive = pre.srcset ? ` imagesrcset="${escapeHtml(pre.srcset)}" imagesizes="${escapeHtml(pre.sizes ?? '100vw')}"` : '';
    meta.push(`<link rel="preload" as="image" href="${escapeHtml(pre.href)}"${responsive}${pre.type ? ` type="${escapeHtml(pre.type)}"` : ''} fetchpriority="high">`);
  }
  for (const href of p.preloads) meta.push(`<link rel="modulepreload" href="${escapeHtml(href)}">`);
  for (const src of p.scripts) meta.push(`<script type="module" src="${escapeHtml(src)}"></script>`);
  if (p.inlineScript) meta.push(`<script>${p.inlineScript}</script>`);
  for (const ld of p.jsonLd) meta.push(`<script type="application/ld+json">${serializeJson(ld)}</script>`);
  if (p.extraHead) meta.push(p.extraHead);
  return `<!doctype html>\n<html lang="en">\n<head>\n${meta.join('\n')}\n</head>\n<body>\n${p.body}\n</body>\n</html>\n`;
}

/** The head's image preloads: responsive ones when known, else the head's photos as they are. */
export function imagePreloadsOf(h: Head, parts: DocumentParts): ImagePreload[] {
  return parts.imagePreloads ?? (h.preloadImages ?? []).map((href) => ({ href }));
}

/**
 * The script of every redirect stub. It reads the target from its own data-to attribute, so
 * its text (and its hash in the Content-Security-Policy) is the same on every stub.
 */
export const redirectScript = 'location.replace(document.currentScript.dataset.to)';

/** A redirect stub: meta refresh, location.replace, canonical to the target, noindex. */
export function renderRedirectStub(to: string, absoluteTo: string): string {
  const t = escapeHtml(to);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5">
<title>Redirecting to ${t}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(absoluteTo)}">
<meta http-equiv="refresh" content="0; url=${t}">
<script data-to="${t}">${redirectScript}</script>
</head>
<body>
<p>This page has moved to <a href="${t}">${t}</a>.</p>
</body>
</html>
`;
}

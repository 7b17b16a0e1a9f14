// The browser overlay for a failed dev build: the same text the terminal prints (one
// formatter: file:line:column, message, code frame, hint), its colours turned into HTML.
import type { Diagnostic } from '../errors/diagnostic.ts';
import { formatText } from '../errors/format.ts';
import { escapeHtml } from '../render/document.ts';

export const OVERLAY_ID = 'stitch-error-overlay';

const ANSI: Record<string, string> = {
  '31': '<span style="color:#ff6b6b">',
  '33': '<span style="color:#ffd166">',
  '2': '<span style="opacity:.65">',
  '1': '<span style="font-weight:700;color:#fff">',
  '39': '</span>',
  '22': '</span>',
};

export function ansiToHtml(text: string): string {
  return escapeHtml(text).replace(/\x1b\[(\d+)m/g, (_, code: string) => ANSI[code] ?? '');
}

export function overlayHtml(diagnostics: Diagnostic[]): string {
  const ordered = [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity !== 'error')];
  const report = ansiToHtml(formatText(ordered, true));
  return `<div id="${OVERLAY_ID}" role="alertdialog" aria-modal="true" aria-labelledby="${OVERLAY_ID}-title" style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(16,16,20,.94);color:#e8e8e8;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:32px">
<div style="max-width:1000px;margin:0 auto;border-top:4px solid #ff6b6b;background:#1d1d24;padding:24px;border-radius:6px;box-shadow:0 8px 40px rgba(0,0,0,.5)">
<h2 id="${OVERLAY_ID}-title" style="margin:0 0 16px;font:700 18px/1.3 system-ui,sans-serif;color:#ff6b6b">Build failed</h2>
<pre style="margin:0;white-space:pre-wrap;word-break:break-word">${report}</pre>
<p style="margin:16px 0 0;font:13px/1.4 system-ui,sans-serif;opacity:.75">Fix the file and save: this page updates itself. The last good version of the site is still served.</p>
</div>
</div>`;
}

/** Adds the overlay to a page's HTML (for pages loaded while the build is broken). */
export function injectOverlay(html: string, diagnostics: Diagnostic[]): string {
  const overlay = overlayHtml(diagnostics);
  const at = html.lastIndexOf('</body>');
  return at < 0 ? `${html}${overlay}` : `${html.slice(0, at)}${overlay}\n${html.slice(at)}`;
}

/** The page served when no build has succeeded yet. */
export function errorPage(diagnostics: Diagnostic[], extraHead: string): string {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Build failed · stitch dev</title>\n${extraHead}\n</head>\n<body style="background:#101014">\n${overlayHtml(diagnostics)}\n</body>\n</html>\n`;
}

// Live reload over server-sent events. Each page opens /__stitch/events?path=<its path>; after
// a rebuild a page gets `reload` when its own output changed, `css` when only the stylesheet
// changed (swapped in place, no reload), `overlay` with the error overlay when a build failed
// and `clear` when the failure is fixed and its page is unchanged. The overlay shows the same
// text the terminal prints (one formatter), its colours turned into HTML.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { formatText } from '../errors/format.ts';
import { escapeHtml } from '../render/document.ts';

export const EVENTS_PATH = '/__stitch/events';
export const CLIENT_PATH = '/__stitch/client.js';
const OVERLAY_ID = 'stitch-error-overlay';

/** The tag every page gets through the build's `extraHead` option. */
export const CLIENT_TAG = `<script type="module" src="${CLIENT_PATH}"></script>`;

export interface LiveClient {
  /** The page path the browser shows, when it said so. */
  path?: string;
  res: ServerResponse;
}

export class LiveReload {
  /** Changes when the server restarts, so open pages reload when it comes back. */
  readonly serverId = randomUUID();
  readonly clients = new Set<LiveClient>();

  /** Keeps `res` open as an event stream for the page at `path`. */
  connect(req: IncomingMessage, res: ServerResponse, path?: string): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify({ serverId: this.serverId })}\n\n`);
    const client: LiveClient = { path, res };
    this.clients.add(client);
    req.on('close', () => this.clients.delete(client));
  }

  send(client: LiveClient, event: string, data: unknown = {}): void {
    client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  broadcast(event: string, data: unknown = {}): void {
    for (const c of this.clients) this.send(c, event, data);
  }

  close(): void {
    for (const c of this.clients) c.res.end();
    this.clients.clear();
  }
}

/** The browser side: a few lines, no dependencies. */
export const CLIENT_SCRIPT = `// stitch dev: live reload and the build error overlay.
const OVERLAY = ${JSON.stringify(OVERLAY_ID)};
let serverId;
const source = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?path=' + encodeURIComponent(location.pathname));
source.addEventListener('hello', (e) => {
  const id = JSON.parse(e.data).serverId;
  if (serverId && serverId !== id) location.reload();
  serverId = id;
});
source.addEventListener('reload', () => location.reload());
source.addEventListener('css', (e) => {
  const { href } = JSON.parse(e.data);
  for (const link of document.querySelectorAll('link[rel="stylesheet"][href^="/assets/"]')) {
    const next = link.cloneNode();
    next.setAttribute('href', href);
    next.addEventListener('load', () => link.remove(), { once: true });
    link.after(next);
  }
});
source.addEventListener('overlay', (e) => {
  document.getElementById(OVERLAY)?.remove();
  document.body.insertAdjacentHTML('beforeend', JSON.parse(e.data).html);
});
source.addEventListener('clear', () => document.getElementById(OVERLAY)?.remove());
`;

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

/** `served`: whether an earlier build is still served underneath (not when none has built yet). */
export function overlayHtml(diagnostics: Diagnostic[], served = true): string {
  const ordered = [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity !== 'error')];
  const report = ansiToHtml(formatText(ordered, true));
  return `<div id="${OVERLAY_ID}" role="alertdialog" aria-modal="true" aria-labelledby="${OVERLAY_ID}-title" style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(16,16,20,.94);color:#e8e8e8;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:32px">
<div style="max-width:1000px;margin:0 auto;border-top:4px solid #ff6b6b;background:#1d1d24;padding:24px;border-radius:6px;box-shadow:0 8px 40px rgba(0,0,0,.5)">
<h2 id="${OVERLAY_ID}-title" style="margin:0 0 16px;font:700 18px/1.3 system-ui,sans-serif;color:#ff6b6b">Build failed</h2>
<pre style="margin:0;white-space:pre-wrap;word-break:break-word">${report}</pre>
<p style="margin:16px 0 0;font:13px/1.4 system-ui,sans-serif;opacity:.75">Fix the file and save: this page updates itself. ${served ? 'The last good version of the site is still served.' : 'Nothing is served until the site builds.'}</p>
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
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Build failed · stitch dev</title>\n${extraHead}\n</head>\n<body style="background:#101014">\n${overlayHtml(diagnostics, false)}\n</body>\n</html>\n`;
}

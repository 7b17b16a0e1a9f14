// Live reload over server-sent events. Each page opens /__stitch/events?path=<its path>; after
// a rebuild a page gets `reload` when its own output changed, `css` when only the stylesheet
// changed (swapped in place, no reload), `overlay` with the error overlay when a build failed
// and `clear` when the failure is fixed and its page is unchanged.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const EVENTS_PATH = '/__stitch/events';
export const CLIENT_PATH = '/__stitch/client.js';

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
const OVERLAY = 'stitch-error-overlay';
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

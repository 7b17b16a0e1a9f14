// What `stitch preview` and `stitch dev` check before a request reaches the file system or a
// handler. Browsers never send these URLs; crawlers and scanners do, and none of them may take
// the server down or reach a file outside its root.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Longer request targets get 414. (Node itself refuses request heads over 16 KB with 431.) */
export const MAX_URL = 8 * 1024;

export type CheckedUrl =
  | { ok: true; /** decoded, with repeated slashes collapsed */ path: string; /** `?…` or '' */ search: string }
  | { ok: false; status: 400 | 414; message: string };

const bad = (message: string): CheckedUrl => ({ ok: false, status: 400, message });

/** The decoded path of a request target, or the status that refuses it. */
export function checkUrl(target: string | undefined): CheckedUrl {
  const raw = target ?? '/';
  if (raw.length > MAX_URL) return { ok: false, status: 414, message: `URL longer than ${MAX_URL} characters.` };
  if (!raw.startsWith('/')) return bad('Expected a path starting with /.');
  const cut = raw.search(/[?#]/);
  const encoded = cut === -1 ? raw : raw.slice(0, cut);
  const search = cut !== -1 && raw[cut] === '?' ? raw.slice(cut).replace(/#.*$/, '') : '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return bad('Malformed percent-encoding in the URL.');
  }
  // NUL and the other control characters, and backslashes (a separator on Windows), name no page.
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return bad('Control character or backslash in the URL path.');
  // `//x` would otherwise read as a host name in a Location header or `new URL`.
  const path = decoded.replace(/\/{2,}/g, '/');
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return bad('Dot segment in the URL path.');
  return { ok: true, path, search };
}

/** Answers a refused request with its status and a short plain-text reason. */
export function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(`${message}\n`);
}

/** GET and HEAD only: anything else gets 405 with `Allow`. Returns whether the request may go on. */
export function allowRead(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  refuse(res, 405, `${String(req.method)} is not allowed here.`, { Allow: 'GET, HEAD' });
  return false;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * Wraps a request handler so that an unexpected error, thrown or rejected, becomes a 500 for
 * that request and one log line, never a dead process.
 */
export function safeHandler(handler: Handler, log: (line: string) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // Called in an async function, so a throw and a rejection are caught alike.
    (async () => handler(req, res))().catch((error: unknown) => {
      log(`${req.method} ${String(req.url).slice(0, 200)} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) refuse(res, 500, 'Internal server error; see the terminal.');
      else res.destroy();
    });
  };
}

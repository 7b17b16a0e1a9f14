// Serves a built site as a static host would: clean URLs (/about → about/index.html),
// 404.html with status 404, the 301s of _redirects (exact and `/*` prefix lines) and the
// headers of _headers. Redirects come before files, as on Cloudflare Pages (the workflow's host:
// "Redirects are always followed, regardless of whether or not an asset matches"), so an exact
// source answers 301 although its stub page (for hosts without _redirects) is in the folder.
// Text (HTML, CSS, JavaScript, JSON, SVG, XML) goes out gzip-compressed to a client that accepts
// it, as static hosts and CDNs send it, so what the preview measures is what visitors get.
// Malformed or escaping URLs get 400 (request-guard.ts), methods other than GET and HEAD 405,
// and an unexpected error is a 500 for that request only.
//
// Why not sirv (3.0.2, tried): it lists the folder once at start (a page rebuilt during a
// preview went out with its old Content-Length, new hashed assets were 404), compresses only
// files precompressed on disk, and got ranges wrong (`bytes=-3`, `bytes=5-2`).
import { createReadStream, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { headersFor, parseHeaders } from './headers-rules.ts';
import { allowRead, checkUrl, refuse, safeHandler } from './request-guard.ts';

export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif',
  '.ico': 'image/x-icon', '.mp4': 'video/mp4', '.webm': 'video/webm', '.woff2': 'font/woff2', '.woff': 'font/woff',
};

interface RedirectLine {
  from: string;
  to: string;
  status: number;
}

export function parseRedirects(text: string): RedirectLine[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map((l) => {
    const [from, to, status] = l.split(/\s+/);
    return { from, to, status: Number(status) || 301 };
  });
}

export function matchRedirect(path: string, lines: RedirectLine[]): RedirectLine | undefined {
  return lines.find((r) => r.from === path) ?? lines.find((r) => r.from.endsWith('/*') && path.startsWith(r.from.slice(0, -1)));
}

function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined; // missing, or a file where a folder was expected
  }
}

/** Host files and dotfiles are not part of the site: static hosts do not serve them. */
function hidden(path: string): boolean {
  return path === '/_redirects' || path === '/_headers' || path.split('/').some((s) => s.startsWith('.') && s !== '.well-known');
}

/** Whether `file` is in `bound` once symbolic links are followed: a link out of it is not served (docs/security.md). */
function within(bound: string, file: string): boolean {
  try {
    const real = realpathSync.native(bound);
    return realpathSync.native(file).startsWith(real.endsWith(sep) ? real : real + sep);
  } catch {
    return false;
  }
}

/** Finds the file for a checked, decoded URL path (see checkUrl) in `root` (and, links followed, in `bound`), or undefined. */
export function resolveFile(root: string, path: string, bound = root): string | undefined {
  if (hidden(path)) return undefined;
  const candidates = [join(root, path), join(root, path, 'index.html'), join(root, `${path.replace(/\/$/, '')}.html`)];
  return candidates.find((file) => file.startsWith(root + sep) && statOf(file)?.isFile() && within(bound, file));
}

/** The parsed host files (_redirects, _headers) of one server, each with the version it was parsed from. */
export type HostFiles = Map<string, { key: string; value: unknown }>;

/** A host file parsed once per version of it (kept in `parsed`); `empty` when absent. */
function hostFile<T>(parsed: HostFiles, file: string, parse: (text: string) => T, empty: T): T {
  const stats = statOf(file);
  if (!stats?.isFile()) return empty;
  const key = `${stats.mtimeMs}:${stats.size}`;
  const cached = parsed.get(file);
  if (cached?.key === key) return cached.value as T;
  const value = parse(readFileSync(file, 'utf8'));
  parsed.set(file, { key, value });
  return value;
}

/** `base` with `extra` on top, names compared without case (Node would send both spellings). */
function withHeaders(base: Record<string, string | number>, extra: Record<string, string>): Record<string, string | number> {
  const names = new Set(Object.keys(extra).map((n) => n.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(base).filter(([n]) => !names.has(n.toLowerCase()))), ...extra };
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg\+xml)/;

/** Whether the response of `type` goes out gzip-compressed to this request. */
function gzipFor(req: IncomingMessage, type: string): boolean {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  return COMPRESSIBLE.test(type) && /\bgzip\b/.test(accepted) && !/\bgzip;\s*q=0(\.0*)?\b/.test(accepted);
}

/** Streams a file; a read error or a client that goes away ends this response only. */
function stream(file: string, res: ServerResponse, gzip: boolean, range?: { start: number; end: number }): void {
  // pipe, not pipeline: pipeline takes a client that half-closes after its request for one that
  // went away, and drops the answer.
  const source = createReadStream(file, range);
  source.on('error', () => res.destroy());
  res.on('close', () => source.destroy());
  if (!gzip) {
    source.pipe(res);
    return;
  }
  const zip = createGzip();
  zip.on('error', () => res.destroy());
  source.pipe(zip).pipe(res);
}

/** Sends `file` with `status` and `headers`, gzip-compressed when the client takes it. */
function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, headers: Record<string, string | number>, type: string): void {
  if (gzipFor(req, type)) {
    res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    if (req.method === 'HEAD') res.end();
    else stream(file, res, true);
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Length': statSync(file).size, ...(COMPRESSIBLE.test(type) ? { Vary: 'Accept-Encoding' } : {}) });
  if (req.method === 'HEAD') res.end();
  else stream(file, res, false);
}

/** The byte range asked for (`bytes=a-b`, `bytes=a-`, `bytes=-n`), 'unsatisfiable', or undefined for the whole file. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return size === 0 || start > end ? 'unsatisfiable' : { start, end };
}

/**
 * Answers one request from `root`. `hostFiles` keeps the parsed host files between the requests
 * of one server; without it they are read per request (the dev server's site-assets/ has none).
 * `bound`: where the files may really be (links followed); the served folder itself by default.
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, hostFiles: HostFiles = new Map(), bound = root): void {
  root = resolve(root);
  const url = checkUrl(req.url);
  if (!url.ok) return refuse(res, url.status, url.message);
  if (!allowRead(req, res)) return;
  const { path, search } = url;
  const extra = headersFor(path, hostFile(hostFiles, join(root, '_headers'), parseHeaders, []));
  const redirect = matchRedirect(path.replace(/\/$/, '') || '/', hostFile(hostFiles, join(root, '_redirects'), parseRedirects, []));
  if (redirect) {
    res.writeHead(redirect.status, withHeaders({ Location: redirect.to }, extra));
    res.end();
    return;
  }
  const file = resolveFile(root, path, bound);
  if (file && path !== '/' && path.endsWith('/') && file.endsWith('index.html')) {
    res.writeHead(301, withHeaders({ Location: path.replace(/\/+$/, '') + search }, extra));
    res.end();
    return;
  }
  if (!file) {
    const notFound = join(root, '404.html');
    if (statOf(notFound)?.isFile() && within(bound, notFound)) sendFile(req, res, notFound, 404, withHeaders({ 'Content-Type': MIME['.html'] }, extra), MIME['.html']);
    else refuse(res, 404, 'Not found');
    return;
  }
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const size = statSync(file).size;
  const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  const range = byteRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` });
    res.end();
    return;
  }
  if (range) {
    res.writeHead(206, withHeaders({ 'Content-Type': type, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Accept-Ranges': 'bytes', 'Content-Length': range.end - range.start + 1, 'Cache-Control': cache }, extra));
    if (req.method === 'HEAD') res.end();
    else stream(file, res, false, range);
    return;
  }
  sendFile(req, res, file, 200, withHeaders({ 'Content-Type': type, 'Accept-Ranges': 'bytes', 'Cache-Control': cache }, extra), type);
}

export function startStaticServer(root: string, port: number, host = 'localhost', log: (line: string) => void = (line) => process.stderr.write(`stitch preview: ${line}\n`)): Promise<Server> {
  const hostFiles: HostFiles = new Map();
  const server = createServer(safeHandler((req, res) => serveStatic(root, req, res, hostFiles), log));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

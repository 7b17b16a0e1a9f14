// Serves a built site as a static host would: clean URLs (/about → about/index.html),
// 404.html with status 404, and the 301s of _redirects (exact and `/*` prefix lines). Text
// (HTML, CSS, JavaScript, JSON, SVG, XML) goes out gzip-compressed to a client that accepts it,
// as static hosts and CDNs send it, so what the preview measures is what visitors get.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';

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

/** Finds the file for a URL path in `root`, or undefined. */
export function resolveFile(root: string, urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [join(root, clean), join(root, clean, 'index.html'), join(root, `${clean.replace(/\/$/, '')}.html`)];
  for (const file of candidates) {
    if (!file.startsWith(root)) continue;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg\+xml)/;

/** Whether the response of `type` goes out gzip-compressed to this request. */
function gzipFor(req: IncomingMessage, type: string): boolean {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  return COMPRESSIBLE.test(type) && /\bgzip\b/.test(accepted) && !/\bgzip;\s*q=0(\.0*)?\b/.test(accepted);
}

/** Sends `file` with `status` and `headers`, gzip-compressed when the client takes it. */
function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, headers: Record<string, string | number>, type: string): void {
  if (gzipFor(req, type)) {
    res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(createGzip()).pipe(res);
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Length': statSync(file).size, ...(COMPRESSIBLE.test(type) ? { Vary: 'Accept-Encoding' } : {}) });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const redirectsPath = join(root, '_redirects');
  const redirect = existsSync(redirectsPath) ? matchRedirect(path.replace(/\/$/, '') || '/', parseRedirects(readFileSync(redirectsPath, 'utf8'))) : undefined;
  const file = resolveFile(root, path);
  if (!file && redirect) {
    res.writeHead(redirect.status, { Location: redirect.to });
    res.end();
    return;
  }
  if (file && path !== '/' && path.endsWith('/') && file.endsWith('index.html')) {
    res.writeHead(301, { Location: path.replace(/\/+$/, '') + url.search });
    res.end();
    return;
  }
  if (!file) {
    const notFound = join(root, '404.html');
    if (existsSync(notFound)) sendFile(req, res, notFound, 404, { 'Content-Type': MIME['.html'] }, MIME['.html']);
    else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }
    return;
  }
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const size = statSync(file).size;
  const range = req.headers.range && /bytes=(\d*)-(\d*)/.exec(req.headers.range);
  const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  if (range) {
    const start = range[1] ? Number(range[1]) : 0;
    const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
    if (size === 0 || start > end) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}` });
      res.end();
      return;
    }
    res.writeHead(206, { 'Content-Type': type, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Accept-Ranges': 'bytes', 'Content-Length': end - start + 1, 'Cache-Control': cache });
    createReadStream(file, { start, end }).pipe(res);
    return;
  }
  sendFile(req, res, file, 200, { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'Cache-Control': cache }, type);
}

export function startStaticServer(root: string, port: number, host = 'localhost'): Promise<Server> {
  const server = createServer((req, res) => serveStatic(root, req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

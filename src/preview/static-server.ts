// Serves a built site as a static host would, from dist/ (`stitch preview`) or from a build in
// memory (`stitch dev`), through one handler: clean URLs, 404.html, _redirects and _headers.
// Redirects come before files, as on Cloudflare Pages (the workflow's host: "Redirects are always
// followed, regardless of whether or not an asset matches"). Text is gzipped for a client that
// accepts it, as hosts send it, so what the preview measures is what visitors get.
//
// Why not sirv (3.0.2, tried): it lists the folder once at start (a page rebuilt during a
// preview went out with its old Content-Length, new hashed assets were 404), compresses only
// files precompressed on disk, and got ranges wrong (`bytes=-3`, `bytes=5-2`); nor send: it
// cannot serve a build in memory.
import { readFileSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { allowRead, checkUrl, refuse, safeHandler } from './request-guard.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif',
  '.ico': 'image/x-icon', '.mp4': 'video/mp4', '.webm': 'video/webm', '.woff2': 'font/woff2', '.woff': 'font/woff',
};

/** A site's files by output path ('about/index.html'): their contents, or undefined when there is none. */
export type SiteFiles = (path: string) => string | Uint8Array | undefined;

/** The files of a folder, read when asked; a symbolic link that resolves outside it is not there (docs/security.md). */
export function folderFiles(root: string): SiteFiles {
  return (path) => {
    try {
      const file = join(root, path);
      if (!realpathSync.native(file).startsWith(realpathSync.native(root) + sep)) return undefined;
      return readFileSync(file);
    } catch {
      return undefined; // missing, or a folder
    }
  };
}

export interface ServeOptions {
  /** Cache-Control of every answer (dev: no-store); by default hashed assets are immutable, the rest no-cache. */
  cacheControl?: string;
  /** Applied to every HTML page served (dev: the error overlay). */
  html?: (html: string) => string;
}

function parseRedirects(text: string): Array<{ from: string; to: string; status: number }> {
  return text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map((l) => {
    const [from, to, status] = l.split(/\s+/);
    return { from, to, status: Number(status) || 301 };
  });
}

/**
 * The headers of every rule of a `_headers` file (Netlify, Cloudflare Pages) that matches `path`:
 * a path pattern on its own line (`*` matches any run of characters), then indented `Name: value`
 * lines. A header set by two rules gets both values joined with ", ", as Cloudflare Pages does.
 */
function headersFor(path: string, text: string): Headers {
  const headers = new Headers();
  let matches = false;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim().split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
      matches = new RegExp(`^${pattern}$`).test(path);
      continue;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    // A name or value that Node would refuse to send is skipped rather than failing the response.
    const sendable = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value);
    if (matches && colon !== -1 && sendable) headers.append(name, value);
  }
  return headers;
}

/** The file a checked, decoded URL path names (see checkUrl), or undefined. Host files and dotfiles are not served. */
export function fileFor(files: SiteFiles, path: string): { name: string; body: string | Uint8Array } | undefined {
  if (path === '/_redirects' || path === '/_headers' || path.split('/').some((s) => s.startsWith('.') && s !== '.well-known')) return undefined;
  const clean = path.replace(/^\/+|\/+$/g, '');
  for (const name of clean === '' ? ['index.html'] : [clean, `${clean}/index.html`, `${clean}.html`]) {
    const body = files(name);
    if (body !== undefined) return { name, body };
  }
  return undefined;
}

/** `base` with `extra` on top, names compared without case (Node would send both spellings). */
function withHeaders(base: Record<string, string | number>, extra: Headers): Record<string, string | number> {
  return { ...Object.fromEntries(Object.entries(base).filter(([name]) => !extra.has(name))), ...Object.fromEntries(extra) };
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg\+xml)/;

/** The byte range asked for (`bytes=a-b`, `bytes=a-`, `bytes=-n`), 'unsatisfiable', or undefined for the whole file. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return size === 0 || start > end ? 'unsatisfiable' : { start, end };
}

/** Answers one request from `files`. */
export function serveSite(req: IncomingMessage, res: ServerResponse, files: SiteFiles, options: ServeOptions = {}): void {
  const url = checkUrl(req.url);
  if (!url.ok) return refuse(res, url.status, url.message);
  if (!allowRead(req, res)) return;
  const { path, search } = url;
  const hostFile = (name: string) => {
    const contents = files(name);
    return contents === undefined ? '' : Buffer.from(contents).toString('utf8');
  };
  const extra = headersFor(path, hostFile('_headers'));
  const from = path.replace(/\/$/, '') || '/';
  const redirects = parseRedirects(hostFile('_redirects'));
  const redirect = redirects.find((r) => r.from === from) ?? redirects.find((r) => r.from.endsWith('/*') && from.startsWith(r.from.slice(0, -1)));
  const file = redirect ? undefined : fileFor(files, path);
  if (redirect || (file && path !== '/' && path.endsWith('/') && file.name.endsWith('index.html'))) {
    res.writeHead(redirect?.status ?? 301, withHeaders({ Location: redirect?.to ?? path.replace(/\/+$/, '') + search }, extra));
    res.end();
    return;
  }
  const status = file ? 200 : 404;
  const name = file?.name ?? '404.html';
  let body = file ? file.body : files(name);
  if (body === undefined) return refuse(res, 404, 'Not found');
  const type = MIME[extname(name)] ?? 'application/octet-stream';
  if (type === MIME['.html'] && options.html) body = options.html(Buffer.from(body).toString('utf8'));
  let bytes = Buffer.from(body);
  const cache = options.cacheControl ?? (path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  const headers: Record<string, string | number> = { 'Content-Type': type, 'Cache-Control': cache };
  const range = file ? byteRange(req.headers.range, bytes.length) : undefined;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${bytes.length}` });
    res.end();
    return;
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${bytes.length}`;
    bytes = bytes.subarray(range.start, range.end + 1);
  } else if (COMPRESSIBLE.test(type)) {
    headers.Vary = 'Accept-Encoding';
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (/\bgzip\b/.test(accepted) && !/\bgzip;\s*q=0(\.0*)?\b/.test(accepted)) {
      headers['Content-Encoding'] = 'gzip';
      bytes = gzipSync(bytes);
    }
  }
  res.writeHead(range ? 206 : status, withHeaders({ ...headers, 'Accept-Ranges': 'bytes', 'Content-Length': bytes.length }, extra));
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

export function startStaticServer(root: string, port: number, host = 'localhost', log: (line: string) => void = (line) => process.stderr.write(`stitch preview: ${line}\n`)): Promise<Server> {
  const files = folderFiles(root);
  const server = createServer(safeHandler((req, res) => serveSite(req, res, files), log));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

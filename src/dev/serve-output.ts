// Serves the in-memory build the way `stitch preview` serves dist/: clean URLs, 404.html with
// status 404, the 301s of _redirects, and site-assets/ straight from disk.
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import type { MemoryWriter } from '../output/writer.ts';
import { checkUrl, refuse } from '../preview/request-guard.ts';
import { MIME, matchRedirect, parseRedirects, serveStatic } from '../preview/static-server.ts';

export type HtmlFilter = (html: string) => string;

/** The output file for a URL path, or undefined. */
export function outputFor(output: MemoryWriter, urlPath: string): string | undefined {
  const clean = urlPath.replace(/^\/+|\/+$/g, '');
  const candidates = clean === '' ? ['index.html'] : [clean, `${clean}/index.html`, `${clean}.html`];
  return candidates.find((c) => output.files.has(c));
}

export function serveOutput(req: IncomingMessage, res: ServerResponse, output: MemoryWriter, assetsDir: string, html: HtmlFilter): void {
  const url = checkUrl(req.url);
  if (!url.ok) return refuse(res, url.status, url.message);
  const { path, search } = url;
  // The host files are read by a host, not served (as `stitch preview` does).
  const file = path === '/_redirects' || path === '/_headers' ? undefined : outputFor(output, path);
  if (file && path !== '/' && path.endsWith('/') && file.endsWith('index.html')) {
    res.writeHead(301, { Location: path.replace(/\/+$/, '') + search });
    res.end();
    return;
  }
  if (file) {
    send(req, res, 200, file, output.files.get(file)!, html);
    return;
  }
  const onDisk = join(assetsDir, path);
  if (onDisk.startsWith(assetsDir + sep) && existsSync(onDisk) && statSync(onDisk).isFile()) {
    serveStatic(assetsDir, req, res);
    return;
  }
  const redirects = output.files.get('_redirects');
  const redirect = redirects ? matchRedirect(path.replace(/\/$/, '') || '/', parseRedirects(String(redirects))) : undefined;
  if (redirect) {
    res.writeHead(redirect.status, { Location: redirect.to });
    res.end();
    return;
  }
  const notFound = output.files.get('404.html');
  if (notFound !== undefined) send(req, res, 404, '404.html', notFound, html);
  else {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  }
}

function send(req: IncomingMessage, res: ServerResponse, status: number, file: string, contents: string | Uint8Array, html: HtmlFilter): void {
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const body = file.endsWith('.html') ? html(typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8')) : contents;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': bytes.byteLength, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

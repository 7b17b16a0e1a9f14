// The preview server survives what crawlers and scanners send (issue 11): malformed
// percent-encodings, encoded traversal, very long URLs, other methods, many requests at once.
// It sends the headers of _headers (issue 15) and never serves a file outside its root.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../src/preview/static-server.ts';
import { headerOf, rawRequest } from '../helpers/raw-http.ts';

let server: Server;
let port: number;
const logs: string[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stitch-preview-hard-'));
  writeFileSync(join(dir, 'secret.txt'), 'SECRET outside the root');
  const root = join(dir, 'site');
  mkdirSync(join(root, 'about'), { recursive: true });
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'about/index.html'), '<p>about</p>');
  writeFileSync(join(root, 'assets/app-1234.js'), 'console.log(1)');
  writeFileSync(join(root, '404.html'), '<p>missing</p>');
  writeFileSync(join(root, 'clip.mp4'), '0123456789');
  writeFileSync(join(root, '.env'), 'SECRET dotfile');
  writeFileSync(join(root, '_redirects'), '/team /about 301\n');
  writeFileSync(join(root, '_headers'), '/*\n  X-Frame-Options: DENY\n  X-Test: all\n\n/about*\n  X-Test: about\n\n/assets/*\n  Cache-Control: public, max-age=60\n');
  server = await startStaticServer(root, 0, '127.0.0.1', (line) => logs.push(line));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const stillUp = async () => expect((await rawRequest(port, '/about')).status).toBe(200);

describe('preview server under hostile requests', () => {
  it('answers a malformed percent-encoding with 400 and stays up', async () => {
    for (const target of ['/%E0%A4%A', '/%', '/about%zz', '/%C0%AF', '/about?q=%E0%A4%A']) {
      const r = await rawRequest(port, target);
      expect(r.status, target).toBe(target.includes('?') ? 200 : 400);
    }
    await stillUp();
  });

  it('never serves a file outside its root, nor dotfiles or host files', async () => {
    const targets = ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/about/%2e%2e/%2e%2e/secret.txt', '/..%5csecret.txt',
      '/..\\secret.txt', '//secret.txt', '/%2F%2E%2E%2Fsecret.txt', '/about%00.html', '/about/index.html%00', '/.env', '/%2eenv', '/_headers', '/_redirects'];
    for (const target of targets) {
      const r = await rawRequest(port, target);
      expect([400, 404], target).toContain(r.status);
      expect(r.body, target).not.toContain('SECRET');
    }
    // `//host` must not turn into a redirect to another site.
    const slashes = await rawRequest(port, '//about/');
    expect([slashes.status, headerOf(slashes, 'location')]).toEqual([301, '/about']);
    await stillUp();
  });

  it('refuses a 60 KB URL and stays up', async () => {
    const r = await rawRequest(port, `/${'a'.repeat(60 * 1024)}`);
    expect([414, 431]).toContain(r.status);
    expect((await rawRequest(port, `/${'a'.repeat(9 * 1024)}`)).status).toBe(414);
    await stillUp();
  });

  it('answers methods other than GET and HEAD with 405 and Allow', async () => {
    for (const method of ['OPTIONS', 'DELETE', 'POST', 'PUT']) {
      const r = await rawRequest(port, '/about', { method, body: method === 'POST' ? 'x=1' : '' });
      expect([r.status, headerOf(r, 'allow')], method).toEqual([405, 'GET, HEAD']);
      expect(r.body).not.toContain('<p>about</p>');
    }
    expect((await rawRequest(port, '/about', { method: 'HEAD' })).status).toBe(200);
  });

  it('serves 500 concurrent requests, good and bad, and stays up', async () => {
    const targets = Array.from({ length: 500 }, (_, i) => ['/about', '/%E0%A4%A', '/nope', '/clip.mp4', '/team'][i % 5]);
    const statuses = await Promise.all(targets.map((t) => rawRequest(port, t).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(statuses.filter((s) => s === 400)).toHaveLength(100);
    expect(statuses.filter((s) => s === 404)).toHaveLength(100);
    expect(statuses.filter((s) => s === 301)).toHaveLength(100);
    await stillUp();
  });

  it('serves suffix byte ranges and refuses reversed ones', async () => {
    const suffix = await rawRequest(port, '/clip.mp4', { headers: { Range: 'bytes=-3' } });
    expect([suffix.status, suffix.body]).toEqual([206, '789']);
    expect((await rawRequest(port, '/clip.mp4', { headers: { Range: 'bytes=5-2' } })).status).toBe(416);
  });

  it('sends the headers of every matching _headers rule', async () => {
    const about = await rawRequest(port, '/about');
    expect(headerOf(about, 'x-frame-options')).toBe('DENY');
    expect(headerOf(about, 'x-test')).toBe('all, about');
    const asset = await rawRequest(port, '/assets/app-1234.js');
    expect(headerOf(asset, 'cache-control')).toBe('public, max-age=60');
    expect(headerOf(asset, 'x-test')).toBe('all');
    expect(asset.head.match(/^cache-control:/gim)).toHaveLength(1);
    const missing = await rawRequest(port, '/nope');
    expect([missing.status, headerOf(missing, 'x-frame-options')]).toEqual([404, 'DENY']);
    expect(logs).toEqual([]);
  });
});

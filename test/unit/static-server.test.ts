// The preview server behaves like a static host: clean URLs, 404.html, _redirects, ranges.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../src/preview/static-server.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stitch-static-'));
  mkdirSync(join(dir, 'about'));
  writeFileSync(join(dir, 'about/index.html'), '<p>about</p>');
  mkdirSync(join(dir, 'team'));
  writeFileSync(join(dir, 'team/index.html'), '<p>stub for hosts without _redirects</p>');
  writeFileSync(join(dir, 'big.html'), `<p>${'upholstery '.repeat(500)}</p>`);
  writeFileSync(join(dir, '404.html'), '<p>missing</p>');
  writeFileSync(join(dir, 'empty.mp4'), '');
  writeFileSync(join(dir, 'clip.mp4'), '0123456789');
  writeFileSync(join(dir, '_redirects'), '/team /about 301\n/old/* /about 301\n');
  server = await startStaticServer(dir, 0, '127.0.0.1');
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('preview server', () => {
  it('serves clean URLs and redirects a trailing slash', async () => {
    expect(await (await fetch(`${base}/about`)).text()).toBe('<p>about</p>');
    const slash = await fetch(`${base}/about/`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/about']);
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const r = await fetch(`${base}/nope`);
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('<p>missing</p>');
  });

  it('follows _redirects, exact and prefix', async () => {
    for (const path of ['/team', '/old/thing']) {
      const r = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect([r.status, r.headers.get('location')]).toEqual([301, '/about']);
    }
  });

  it('answers an exact redirect source with its 301 although its stub page is there, as Cloudflare Pages does', async () => {
    for (const path of ['/team', '/team/']) {
      const r = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect([r.status, r.headers.get('location')], path).toEqual([301, '/about']);
    }
  });

  it('serves byte ranges, and 416 for an unsatisfiable one instead of crashing', async () => {
    const part = await fetch(`${base}/clip.mp4`, { headers: { Range: 'bytes=2-4' } });
    expect([part.status, await part.text()]).toEqual([206, '234']);
    const empty = await fetch(`${base}/empty.mp4`, { headers: { Range: 'bytes=0-' } });
    expect(empty.status).toBe(416);
    expect((await fetch(`${base}/about`)).status).toBe(200);
  });

  it('sends text gzip-compressed to a client that accepts it, as static hosts do; media and other clients get it raw', async () => {
    const raw = (path: string, headers: Record<string, string> = {}) => new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject).end();
    });
    const html = `<p>${'upholstery '.repeat(500)}</p>`;
    const zipped = await raw('/big.html', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(zipped.body).toString()).toBe(html);
    const plain = await raw('/big.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    const missing = await raw('/nope', { 'Accept-Encoding': 'gzip' });
    expect([missing.status, gunzipSync(missing.body).toString()]).toEqual([404, '<p>missing</p>']);
    const video = await raw('/clip.mp4', { 'Accept-Encoding': 'gzip' });
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.body.toString()).toBe('0123456789');
  });
});

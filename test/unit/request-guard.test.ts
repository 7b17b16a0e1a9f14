// An unexpected error in a request handler of preview or dev is a 500 for that request and one
// log line, never a dead process (issue 11).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkUrl, safeHandler } from '../../src/preview/request-guard.ts';

let server: Server;
let base: string;
const logs: string[] = [];

beforeAll(async () => {
  server = createServer(safeHandler((req, res) => {
    if (req.url === '/throw') throw new Error('boom in a handler');
    if (req.url === '/reject') return Promise.reject(new Error('boom in an async handler'));
    res.end('ok');
  }, (line) => logs.push(line)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('turns a thrown or rejected handler error into a 500 and a log line; the server stays up', async () => {
  expect((await fetch(`${base}/throw`)).status).toBe(500);
  expect((await fetch(`${base}/reject`)).status).toBe(500);
  expect(await (await fetch(`${base}/ok`)).text()).toBe('ok');
  expect(logs).toHaveLength(2);
  expect(logs[0]).toContain('GET /throw failed: Error: boom in a handler');
  expect(logs[1]).toContain('GET /reject failed: Error: boom in an async handler');
});

it('decodes a path once and refuses what names no file of the site', () => {
  expect(checkUrl('/blog/caf%C3%A9?x=1')).toEqual({ ok: true, path: '/blog/café', search: '?x=1' });
  expect(checkUrl('//a///b/')).toEqual({ ok: true, path: '/a/b/', search: '' });
  for (const target of ['/%E0%A4%A', '/a/%2e%2e/b', '/a%5Cb', '/a%00', 'http://evil.example/', '*']) expect(checkUrl(target).ok, target).toBe(false);
  expect(checkUrl(`/${'x'.repeat(9000)}`)).toMatchObject({ ok: false, status: 414 });
});

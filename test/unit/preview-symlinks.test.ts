// `stitch preview` serves dist/ only: a symbolic link in it that resolves outside it is a 404
// (issue 25, item 1); a link to a file inside dist/ is served.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../src/preview/static-server.ts';
import { rawRequest } from '../helpers/raw-http.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'stitch-preview-links-')));
  writeFileSync(join(dir, 'secret.txt'), 'SECRET outside dist');
  mkdirSync(join(dir, 'etc'));
  writeFileSync(join(dir, 'etc/passwd'), 'SECRET root:x:0:0');
  const root = join(dir, 'dist');
  mkdirSync(join(root, 'about'), { recursive: true });
  writeFileSync(join(root, 'about/index.html'), '<p>about</p>');
  writeFileSync(join(root, '404.html'), '<p>missing</p>');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'pw.txt'));
  symlinkSync(join(dir, 'etc'), join(root, 'etcdir'));
  symlinkSync(join(root, 'about/index.html'), join(root, 'alias.html'));
  server = await startStaticServer(root, 0, '127.0.0.1', () => {});
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('preview and symbolic links', () => {
  it('answers 404 for a link that resolves outside dist/', async () => {
    for (const target of ['/pw.txt', '/etcdir/passwd']) {
      const r = await rawRequest(port, target);
      expect(r.status, target).toBe(404);
      expect(r.body, target).not.toContain('SECRET');
    }
  });

  it('serves a link to a file inside dist/', async () => {
    const r = await rawRequest(port, '/alias');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<p>about</p>');
  });
});

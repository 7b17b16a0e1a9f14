// The dev server's quote inbox (issue 15): same-origin only, a rate limit per client, a size
// limit on bodies and on the inbox file, and terminal-safe printing of what a request sends.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteInbox, rateLimit } from '../../src/dev/quotes.ts';
import { headerOf, rawRequest } from '../helpers/raw-http.ts';

const dir = mkdtempSync(join(tmpdir(), 'stitch-inbox-'));
const logs: string[] = [];
const inboxes: Record<string, ReturnType<typeof quoteInbox>> = {
  '/open': quoteInbox(join(dir, 'open.jsonl'), (l) => logs.push(l), '127.0.0.1'),
  '/burst': quoteInbox(join(dir, 'burst.jsonl'), (l) => logs.push(l), '127.0.0.1', { burst: 3, refillMs: 600_000 }),
  '/small': quoteInbox(join(dir, 'small.jsonl'), (l) => logs.push(l), '127.0.0.1', { maxFileBytes: 400 }),
};
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => void inboxes[req.url ?? '']?.(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const quote = (message = 'Two dining chairs.') => JSON.stringify({ name: 'Dana', email: 'dana@example.com', phone: '505-555-0100', message });
const post = (path: string, body = quote(), headers: Record<string, string> = {}) =>
  rawRequest(port, path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the dev quote inbox', () => {
  it('takes posts from its own pages and refuses other sites, with no CORS headers', async () => {
    expect((await post('/open', quote(), { Origin: `http://127.0.0.1:${port}`, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    const foreign = await post('/open', quote(), { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(headerOf(foreign, 'access-control-allow-origin')).toBeUndefined();
    // DNS rebinding: a foreign name resolving to this machine sends a matching Origin and Host.
    expect((await post('/open', quote(), { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })).status).toBe(403);
    const preflight = await rawRequest(port, '/open', { method: 'OPTIONS', headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect([preflight.status, headerOf(preflight, 'allow'), headerOf(preflight, 'access-control-allow-origin')]).toEqual([405, 'POST', undefined]);
  });

  it('answers a burst beyond the limit with 429 and Retry-After, and appends only what it took', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post('/burst'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(Number(headerOf(answers[3], 'retry-after'))).toBeGreaterThanOrEqual(1);
    expect(readFileSync(join(dir, 'burst.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('refuses a body over 64 KB (413) and one that is not JSON (400), and still answers afterwards', async () => {
    expect((await post('/open', JSON.stringify({ message: 'x'.repeat(100 * 1024) }))).status).toBe(413);
    expect((await post('/open', '{"name": "Dana"')).status).toBe(400);
    expect((await post('/open', '[1, 2]')).status).toBe(400);
    expect((await post('/open')).status).toBe(200);
  });

  it('stops appending when the inbox file is full (507) and says so in the terminal', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/small')).status);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.at(-1)).toBe(507);
    expect(readFileSync(join(dir, 'small.jsonl')).length).toBeLessThanOrEqual(400);
    expect(logs.join('\n')).toMatch(/small\.jsonl is full/);
  });

  it('prints control characters from a request escaped, never raw', async () => {
    logs.length = 0;
    const body = JSON.stringify({ name: 'Eve\u001b]0;pwned\u0007', email: 'e@example.com', message: 'hi\u001b[2J\u001b[31mred\rover\u202eevil' });
    expect((await post('/open', body)).status).toBe(200);
    const printed = logs.join('\n');
    expect(printed).not.toMatch(/[\u001b\u0007\r\u202e]/);
    expect(printed).toContain('Eve\\u{1b}]0;pwned\\u{7}');
    expect(printed).toContain('hi\\u{1b}[2J\\u{1b}[31mred\\u{d}over\\u{202e}evil');
  });
});

it('the rate limit refills one request per interval, per client address', () => {
  let now = 0;
  const take = rateLimit(2, 1000, () => now);
  expect([take('a'), take('a'), take('a')]).toEqual([0, 0, 1000]);
  expect(take('b')).toBe(0);
  now = 600;
  expect(take('a')).toBe(400);
  now = 1000;
  expect([take('a'), take('a')]).toEqual([0, 1000]);
});

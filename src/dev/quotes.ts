// Quotes work locally: when QUOTE_WEBHOOK_URL is unset, a development build points the quote
// form at /__stitch/quote, which prints each request and appends it to .stitch/quotes.jsonl.
// A page of another site open in the same browser must not be able to fill the inbox or the terminal.
import { appendFile, mkdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { basename, dirname, join } from 'node:path';

export const QUOTE_PATH = '/__stitch/quote';
const MAX_BODY = 64 * 1024;

/** `burst` posts per client address at once, then one every `refillMs`; no more quotes once the file has `maxFileBytes`. */
export interface QuoteLimits {
  burst?: number;
  refillMs?: number;
  maxFileBytes?: number;
}

/**
 * A token bucket per client address: `burst` requests at once, then one every `refillMs`. The
 * answer is 0 when `client` may go on (a token is taken), otherwise the milliseconds until it may.
 */
export function rateLimit(burst: number, refillMs: number, now = () => Date.now()): (client: string) => number {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (client) => {
    const time = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at: time };
    bucket.tokens = Math.min(burst, bucket.tokens + (time - bucket.at) / refillMs);
    bucket.at = time;
    // At most 1,000 addresses are remembered; the least recently seen is forgotten first.
    buckets.delete(client);
    buckets.set(client, bucket);
    if (buckets.size > 1000) buckets.delete(buckets.keys().next().value as string);
    if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) * refillMs);
    bucket.tokens -= 1;
    return 0;
  };
}

/**
 * The handler of QUOTE_PATH: appends each quote to `file`, one JSON object per line. `host`: the
 * --host the server listens on (a Host header naming it is this server).
 */
export function quoteInbox(file: string, log: (line: string) => void, host: string, limits: QuoteLimits = {}) {
  const wait = rateLimit(limits.burst ?? 10, limits.refillMs ?? 6000);
  const maxFileBytes = limits.maxFileBytes ?? 10 * 1024 * 1024;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const reply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return reply(405, { ok: false, error: 'POST a JSON quote request here.' }, { Allow: 'POST' });
    if (!sameOrigin(req, host)) return reply(403, { ok: false, error: 'Quote requests are accepted only from pages of this dev server.' });
    const waitMs = wait(req.socket.remoteAddress ?? '');
    if (waitMs > 0) return reply(429, { ok: false, error: 'Too many quote requests; try again shortly.' }, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
    // The rest of an oversized body is not read: the connection closes after the answer.
    const tooLarge = () => reply(413, { ok: false, error: `Quote request larger than ${MAX_BODY / 1024} KB.` }, { Connection: 'close' });
    if (Number(req.headers['content-length']) > MAX_BODY) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) return tooLarge();
      chunks.push(chunk as Buffer);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(400, { ok: false, error: 'Expected a JSON body.' });
    }
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return reply(400, { ok: false, error: 'Expected a JSON object.' });
    const record: Record<string, unknown> = { receivedAt: new Date().toISOString(), ...payload };
    const line = `${JSON.stringify(record)}\n`;
    const current = await stat(file).then((s) => s.size, () => 0);
    if (current + Buffer.byteLength(line) > maxFileBytes) {
      log(`Quote request refused: ${join('.stitch', basename(file))} is full (${Math.round(maxFileBytes / 1024)} KB). Move it away to receive more.`);
      return reply(507, { ok: false, error: 'The local quote inbox is full; see the terminal.' });
    }
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, line);
    log(describeQuote(record));
    reply(200, { ok: true });
  };
}

/**
 * Whether a request comes from a page of this server rather than from another site open in the
 * same browser: its Origin (when sent) is this server's, and the Host names this server: a
 * foreign name pointed at this machine (DNS rebinding) sends a matching Origin and Host.
 */
function sameOrigin(req: IncomingMessage, listenHost: string): boolean {
  const host = req.headers.host?.toLowerCase();
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (name !== 'localhost' && isIP(name) === 0 && name !== listenHost.toLowerCase()) return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** Control characters (ANSI escape sequences, carriage returns, bidirectional overrides) as `\u{…}`, so a request cannot restyle or rewrite the terminal. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

function describeQuote(q: Record<string, unknown>): string {
  const field = (v: unknown) => (typeof v === 'string' && v.trim() ? printable(v.trim()) : '—');
  const lines = [
    `Quote request from ${field(q.name)} <${field(q.email)}>, phone ${field(q.phone)}${typeof q.domain === 'string' && q.domain ? ` (${printable(q.domain)})` : ''}`,
  ];
  if (typeof q.message === 'string' && q.message.trim()) lines.push(...q.message.trim().split('\n').map((l) => `  │ ${printable(l)}`));
  return lines.join('\n');
}

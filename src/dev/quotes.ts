// Quotes work locally: when QUOTE_WEBHOOK_URL is unset, a development build points the quote
// form at /__stitch/quote. Each request is printed and appended to .stitch/quotes.jsonl.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const QUOTE_PATH = '/__stitch/quote';
const MAX_BODY = 64 * 1024;

export interface QuoteRecord {
  receivedAt: string;
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  message?: unknown;
  domain?: unknown;
  [field: string]: unknown;
}

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type, X-API-Key', 'Access-Control-Allow-Methods': 'POST, OPTIONS' };

export async function receiveQuote(req: IncomingMessage, res: ServerResponse, file: string, log: (line: string) => void): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...CORS });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS);
    res.end();
    return;
  }
  if (req.method !== 'POST') return reply(405, { ok: false, error: 'POST a JSON quote request here.' });
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY) return reply(413, { ok: false, error: 'Quote request too large.' });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return reply(400, { ok: false, error: 'Expected a JSON body.' });
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return reply(400, { ok: false, error: 'Expected a JSON object.' });
  const record: QuoteRecord = { receivedAt: new Date().toISOString(), ...(payload as Record<string, unknown>) };
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(record)}\n`);
  log(describeQuote(record));
  reply(200, { ok: true });
}

export function describeQuote(q: QuoteRecord): string {
  const field = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : '—');
  const lines = [
    `Quote request from ${field(q.name)} <${field(q.email)}>, phone ${field(q.phone)}${typeof q.domain === 'string' && q.domain ? ` (${q.domain})` : ''}`,
  ];
  if (typeof q.message === 'string' && q.message.trim()) lines.push(...q.message.trim().split('\n').map((l) => `  │ ${l}`));
  return lines.join('\n');
}

// Requests exactly as written, which fetch and http.request would normalise or refuse: `..`,
// backslashes, bad percent-encodings, very long targets. Loopback only.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/** Sends one request line (and headers, body) to 127.0.0.1:`port` and reads the whole answer. */
export function rawRequest(port: number, target: string, { method = 'GET', headers = {} as Record<string, string>, body = '' } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no answer to ${method} ${target.slice(0, 80)}`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close after answering a request it refused mid-upload.
      if (error.code === 'ECONNRESET' && chunks.length > 0) socket.emit('end');
      else reject(error);
    });
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: split === -1 ? '' : text.slice(split + 4) });
    });
    const lines = [`${method} ${target} HTTP/1.1`, 'Connection: close', ...Object.entries({ Host: `127.0.0.1:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`)];
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    // Written, not ended: a browser keeps its side open until the answer is in.
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** The value of a header in a raw response head, or undefined. */
export function headerOf(res: RawResponse, name: string): string | undefined {
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(res.head)?.[1]?.trim();
}

// Helpers for the stitch dev tests: a throw-away project to edit, and a server-sent-events
// client that listens the way a page does.
import { cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './helpers/build-site.ts';

/**
 * A project folder with its own copies of content/, templates/ and site-assets/: the tests edit
 * them. Real copies even when the checkout links those folders elsewhere (dereference), and
 * checked, so a test can never write into the real content.
 */
export function tempProject(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'stitch-dev-')));
  for (const dir of ['content', 'templates', 'site-assets']) {
    cpSync(realpathSync(join(ROOT, dir)), join(root, dir), { recursive: true, dereference: true });
    if (lstatSync(join(root, dir)).isSymbolicLink() || !realpathSync(join(root, dir)).startsWith(`${root}/`)) {
      throw new Error(`${dir} was not copied into ${root}`);
    }
  }
  // Templates import the engine (src/) and packages; the server bundle is imported from .stitch/.
  symlinkSync(join(ROOT, 'src'), join(root, 'src'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A server-sent-events client, as the page at `path` opens one. */
export function listenEvents(url: string, path: string) {
  const events: SseEvent[] = [];
  const waiters: { name: string; seen: number; resolve: (e: SseEvent) => void }[] = [];
  let buffer = '';
  const req = get(`${url}/__stitch/events?path=${encodeURIComponent(path)}`, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event) continue;
        const e = { event, data: data ? JSON.parse(data) : {} };
        events.push(e);
        for (const w of [...waiters]) {
          if (w.name === e.event && events.filter((x) => x.event === w.name).length > w.seen) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    });
  });
  return {
    events,
    count: (name: string) => events.filter((e) => e.event === name).length,
    /** Resolves on the next `name` event after this call. */
    next(name: string, timeout = 20_000): Promise<SseEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${name}" event within ${timeout} ms; got ${events.map((e) => e.event).join(', ')}`)), timeout);
        waiters.push({ name, seen: events.filter((x) => x.event === name).length, resolve: (e) => { clearTimeout(timer); resolve(e); } });
      });
    },
    close: () => req.destroy(),
  };
}

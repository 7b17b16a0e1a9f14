// stitch dev on a temporary copy of the project (content and templates copied, so edits here
// never touch the real ones): serving, live reload after edits, the error overlay, the CSS swap,
// quotes and a taken port.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { createDevServer, type DevServer } from '../src/dev/dev-server.ts';
import { listenEvents, tempProject } from './dev-project.ts';
import { headerOf, rawRequest } from './helpers/raw-http.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fetchText = async (url: string) => {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '', location: res.headers.get('location') };
};

const SLUG = 'signs-leather-seats-need-repair';

let root: string;
let dev: DevServer;
const logs: string[] = [];
const post = () => join(root, 'content/blog', `${SLUG}.md`);

beforeAll(async () => {
  root = tempProject();
  const config = resolveConfig({ root, mode: 'development' }, { SOURCE_DATE_EPOCH: '1767225600' }, root);
  dev = await createDevServer(config, { port: 0, host: '127.0.0.1', log: (l) => logs.push(l) });
}, 120_000);

afterAll(async () => {
  await dev?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('stitch dev', () => {
  it('serves pages from memory with the live-reload client, 404s and redirects, and writes no dist/', async () => {
    const home = await fetchText(`${dev.url}/`);
    expect(home.status).toBe(200);
    expect(home.type).toContain('text/html');
    expect(home.text).toContain('<script type="module" src="/__stitch/client.js"></script>');
    const article = await fetchText(`${dev.url}/blog/${SLUG}`);
    expect(article.status).toBe(200);
    expect(article.text).toContain('9 Signs Your Leather Seats Need Repair');
    expect((await fetchText(`${dev.url}/no/such/page`)).status).toBe(404);
    expect((await fetchText(`${dev.url}/about/`)).location).toBe('/about');
    const client = await fetchText(`${dev.url}/__stitch/client.js`);
    expect(client.text).toContain('EventSource');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(home.text)?.[1];
    expect(css && (await fetchText(`${dev.url}${css}`)).status).toBe(200);
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('a content edit triggers exactly one reload event, re-renders only what it affects, and the page is fresh', async () => {
    const events = listenEvents(dev.url, `/blog/${SLUG}`);
    await events.next('hello');
    const original = readFileSync(post(), 'utf8');
    writeFileSync(post(), original.replace('## The Five-Minute Seat Inspection', '## The Six-Minute Seat Inspection'));
    await events.next('reload');
    await sleep(800);
    expect(events.count('reload')).toBe(1);
    expect(logs.at(-1)).toMatch(new RegExp(`content/blog/${SLUG}\\.md changed: re-rendered 1 of \\d+ pages`));
    expect((await fetchText(`${dev.url}/blog/${SLUG}`)).text).toContain('The Six-Minute Seat Inspection');
    events.close();
  });

  it('never serves a stale page: a request right after a save waits for the rebuild', async () => {
    const original = readFileSync(post(), 'utf8');
    writeFileSync(post(), original.replace(/^title: .*$/m, 'title: "Nine Signs of Tired Leather"'));
    const page = await fetchText(`${dev.url}/blog/${SLUG}`);
    expect(page.text).toContain('<title>Nine Signs of Tired Leather');
    // The blog listing shows the title too, so it was re-rendered as well.
    expect((await fetchText(`${dev.url}/blog`)).text).toContain('Nine Signs of Tired Leather');
  });

  it('a broken file shows the overlay (file, line, code frame, hint); fixing it clears it', async () => {
    const events = listenEvents(dev.url, `/blog/${SLUG}`);
    await events.next('hello');
    const good = readFileSync(post(), 'utf8');
    writeFileSync(post(), good.replace(/^date: .*$/m, 'date: 2024-13-45'));
    const overlay = await events.next('overlay');
    const html = String(overlay.data.html);
    expect(html).toContain('stitch-error-overlay');
    expect(html).toContain(`content/blog/${SLUG}.md:4:7`);
    expect(html).toContain('&gt; 4 | date: 2024-13-45');
    expect(html).toContain('hint:');
    expect(html).toContain('The last good version of the site is still served.');
    expect(logs.join('\n')).toContain('[InvalidDateError]');
    expect(logs.join('\n')).toContain('still serving the last good build');

    const served = await fetchText(`${dev.url}/blog/${SLUG}`);
    expect(served.status).toBe(200);
    expect(served.text).toContain('id="stitch-error-overlay"');
    expect(served.text).toContain('Nine Signs of Tired Leather'); // the last good page underneath

    writeFileSync(post(), good);
    const fixed = await Promise.race([events.next('clear'), events.next('reload')]);
    expect(['clear', 'reload']).toContain(fixed.event);
    expect((await fetchText(`${dev.url}/blog/${SLUG}`)).text).not.toContain('stitch-error-overlay');
    events.close();
  });

  it('a template error shows the overlay too, pointing at the template; fixing it clears it', async () => {
    const events = listenEvents(dev.url, '/about');
    await events.next('hello');
    const file = join(root, 'templates/pages/about.tsx');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\nexport const broken = (;\n`);
    const overlay = String((await events.next('overlay')).data.html);
    expect(overlay).toContain('templates/pages/about.tsx:');
    expect(overlay).toContain('[BundleError]');
    expect((await fetchText(`${dev.url}/about`)).text).toContain('id="stitch-error-overlay"');
    writeFileSync(file, good);
    await Promise.race([events.next('clear'), events.next('reload')]);
    expect((await fetchText(`${dev.url}/about`)).text).not.toContain('stitch-error-overlay');
    events.close();
  });

  it('a template change made while the content is broken is applied once the content is fixed', async () => {
    const events = listenEvents(dev.url, '/about');
    await events.next('hello');
    const good = readFileSync(post(), 'utf8');
    writeFileSync(post(), good.replace(/^date: .*$/m, 'date: 2024-02-30'));
    await events.next('overlay');
    const template = join(root, 'templates/pages/about.tsx');
    const original = readFileSync(template, 'utf8');
    writeFileSync(template, original.replace('title="Our Values"', 'title="Our Values, Stitched"'));
    await events.next('overlay');
    writeFileSync(post(), good);
    await events.next('reload');
    expect((await fetchText(`${dev.url}/about`)).text).toContain('Our Values, Stitched');
    writeFileSync(template, original);
    await events.next('reload');
    events.close();
  });

  it('adding and deleting a post adds and removes its page', async () => {
    const file = join(root, 'content/blog/dev-test-new-post.md');
    writeFileSync(file, '---\ntitle: "A Post Added While Serving"\ndescription: "Written by the dev server test to see a new page appear and disappear again."\ndate: 2025-05-05\nauthor: Test Team\ntags: [leather]\n---\nHello.\n');
    expect((await fetchText(`${dev.url}/blog/dev-test-new-post`)).text).toContain('A Post Added While Serving');
    unlinkSync(file);
    expect((await fetchText(`${dev.url}/blog/dev-test-new-post`)).status).toBe(404);
  });

  it('a CSS-only change swaps the stylesheet without a reload', async () => {
    const events = listenEvents(dev.url, '/about');
    await events.next('hello');
    const cssFile = join(root, 'templates/styles/index.css');
    writeFileSync(cssFile, `${readFileSync(cssFile, 'utf8')}\n.dev-test-rule { color: rebeccapurple; }\n`);
    const swap = await events.next('css');
    await sleep(500);
    expect(events.count('reload')).toBe(0);
    const href = String(swap.data.href);
    expect(href).toMatch(/^\/assets\/.+\.css$/);
    expect((await fetchText(`${dev.url}${href}`)).text).toContain('.dev-test-rule');
    expect((await fetchText(`${dev.url}/about`)).text).toContain(`href="${href}"`);
    events.close();
  });

  it('receives quote requests: printed and appended to .stitch/quotes.jsonl', async () => {
    const page = await fetchText(`${dev.url}/contact`);
    expect(page.text).toContain('/__stitch/quote'); // the form posts to the dev server
    const quote = { name: 'Dana Test', email: 'dana@example.com', phone: '505-555-0100', message: 'Recover two dining chairs.', domain: 'localhost' };
    const res = await fetch(`${dev.url}/__stitch/quote`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': '' }, body: JSON.stringify(quote) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const lines = readFileSync(join(root, '.stitch/quotes.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject(quote);
    expect(lines.at(-1).receivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(logs.join('\n')).toContain('Quote request from Dana Test <dana@example.com>');
    const bad = await fetch(`${dev.url}/__stitch/quote`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
  });

  it('follows a symbolic link to a post kept outside content/: an edit of it reloads its page', async () => {
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    const target = join(elsewhere, 'linked-post.md');
    const text = '---\ntitle: "A Post Kept Elsewhere"\ndescription: "Written by the dev server test to see an edit through a symbolic link reload its page."\ndate: 2025-05-06\nauthor: Test Team\ntags: [leather]\n---\nFirst words.\n';
    writeFileSync(target, text);
    const link = join(root, 'content/blog/linked-post.md');
    symlinkSync(target, link);
    try {
      expect((await fetchText(`${dev.url}/blog/linked-post`)).text).toContain('First words.');
      const events = listenEvents(dev.url, '/blog/linked-post');
      await events.next('hello');
      writeFileSync(target, text.replace('First words.', 'Second words.'));
      await events.next('reload');
      expect((await fetchText(`${dev.url}/blog/linked-post`)).text).toContain('Second words.');
      events.close();
    } finally {
      unlinkSync(link);
    }
  });
});

describe('stitch dev under hostile requests (issue 11, 15)', () => {
  const port = () => dev.port;
  const stillUp = async () => expect((await rawRequest(port(), '/about')).status).toBe(200);

  it('answers malformed encodings with 400, never serves a file outside site-assets/, and stays up', async () => {
    writeFileSync(join(root, 'secret.txt'), 'SECRET beside site-assets');
    for (const target of ['/%E0%A4%A', '/blog/%', '/%C0%AF']) expect((await rawRequest(port(), target)).status, target).toBe(400);
    for (const target of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/..\\secret.txt', '/secret.txt%00', '//secret.txt', '/%2F%2E%2E%2Fsecret.txt']) {
      const r = await rawRequest(port(), target);
      expect([400, 404], target).toContain(r.status);
      expect(r.body, target).not.toContain('SECRET');
    }
    await stillUp();
  });

  it('refuses a 60 KB URL and other methods on pages (405 with Allow), and stays up', async () => {
    expect([414, 431]).toContain((await rawRequest(port(), `/${'a'.repeat(60 * 1024)}`)).status);
    expect((await rawRequest(port(), `/${'a'.repeat(9 * 1024)}`)).status).toBe(414);
    for (const method of ['OPTIONS', 'DELETE']) {
      const r = await rawRequest(port(), '/about', { method });
      expect([r.status, headerOf(r, 'allow')], method).toEqual([405, 'GET, HEAD']);
    }
    await stillUp();
  });

  it('serves 500 concurrent requests and stays up', async () => {
    const targets = Array.from({ length: 500 }, (_, i) => ['/about', '/%E0%A4%A', '/no/such/page', '/__stitch/client.js'][i % 4]);
    const statuses = await Promise.all(targets.map((t) => rawRequest(port(), t).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(250);
    expect(statuses.filter((s) => s === 400)).toHaveLength(125);
    expect(statuses.filter((s) => s === 404)).toHaveLength(125);
    await stillUp();
  });

  it('refuses a huge (413) or malformed (400) quote body and quotes from other sites (403), and stays up', async () => {
    const post = (body: string, headers: Record<string, string> = {}) => rawRequest(port(), '/__stitch/quote', { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
    expect((await post(JSON.stringify({ message: 'x'.repeat(200 * 1024) }))).status).toBe(413);
    expect((await post('{"name": ')).status).toBe(400);
    const foreign = await post(JSON.stringify({ name: 'Mallory' }), { Origin: 'http://evil.example' });
    expect([foreign.status, headerOf(foreign, 'access-control-allow-origin')]).toEqual([403, undefined]);
    expect(readFileSync(join(root, '.stitch/quotes.jsonl'), 'utf8')).not.toContain('Mallory');
    await stillUp();
  });
});

describe('stitch dev on a port in use', () => {
  let blocker: Server;
  afterAll(() => new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r())));

  it('says so and takes the next free port', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = (blocker.address() as { port: number }).port;
    const messages: string[] = [];
    const other = await createDevServer(resolveConfig({ root, mode: 'development' }, { SOURCE_DATE_EPOCH: '1767225600' }, root), { port: taken, host: '127.0.0.1', log: (l) => messages.push(l) });
    try {
      expect(messages.join('\n')).toContain(`Port ${taken} is already in use; trying ${taken + 1}.`);
      expect(other.port).toBeGreaterThan(taken);
      expect((await fetchText(`${other.url}/`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('stitch dev whose first build fails', () => {
  it('says nothing is served yet (not "the last good version"), then serves the site once fixed', async () => {
    const broken = tempProject();
    const file = join(broken, 'content/blog', `${SLUG}.md`);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace(/^date: .*$/m, 'date: 2024-13-45'));
    const messages: string[] = [];
    const other = await createDevServer(resolveConfig({ root: broken, mode: 'development' }, { SOURCE_DATE_EPOCH: '1767225600' }, broken), { port: 0, host: '127.0.0.1', log: (l) => messages.push(l) });
    try {
      const failed = await fetchText(`${other.url}/`);
      expect(failed.status).toBe(500);
      expect(failed.text).toContain(`content/blog/${SLUG}.md:4:7`);
      expect(failed.text).toContain('Nothing is served until the site builds.');
      expect(failed.text).not.toContain('last good version');
      expect(messages.join('\n')).toContain('nothing to serve until it builds');
      expect(messages.join('\n')).not.toContain('still serving the last good build');
      writeFileSync(file, good);
      const fixed = await fetchText(`${other.url}/`);
      expect(fixed.status).toBe(200);
      expect(fixed.text).not.toContain('stitch-error-overlay');
    } finally {
      await other.close();
      rmSync(broken, { recursive: true, force: true });
    }
  }, 120_000);
});

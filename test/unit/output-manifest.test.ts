// The output manifest keeps each page's link facts (for the link check of a build that keeps the
// page) as indexes into one table of strings: what a later build reads back must be what was
// recorded, and a damaged table must cost a full write, never wrong facts.
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal } from '../../src/cache/file-cache.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { manifestText } from '../../src/output/output-manifest.ts';
import { LinkInterner, LinkTable } from '../../src/render/link-strings.ts';
import type { LinkFacts, PageFacts } from '../../src/render/page-facts.ts';

const facts = (n: number): LinkFacts => ({
  ids: ['main', `post-${n}`],
  links: ['/', '/about', `/blog/${n}`, '#main'],
  resources: [{ url: '/favicon.svg', kind: 'file' }, { url: `/images/${n}.jpg`, kind: 'image' }, { url: '/images/1.jpg', kind: 'file' }],
});
const meta = (n: number): PageFacts => ({ islands: [], scripts: ['/a.js'], bytes: 10, links: facts(n) });

/** The writer of a build in `root`, prepared (the previous output and its manifest read). */
async function openWriter(root: string): Promise<IncrementalWriter> {
  const writer = new IncrementalWriter(join(root, 'dist'), join(root, '.stitch'));
  await writer.prepare();
  return writer;
}

/** A project after its first build of three pages, and the file of its output manifest. */
async function builtManifest(): Promise<{ root: string; file: string }> {
  const root = mkdtempSync(join(tmpdir(), 'stitch-manifest-'));
  const writer = await openWriter(root);
  for (const n of [1, 2, 3]) {
    await writer.writePage(`blog/${n}/index.html`, `<p>${n}</p>`, `key-${n}`);
    writer.describe(`blog/${n}/index.html`, meta(n));
  }
  await writer.commit();
  const dir = join(root, '.stitch/cache/output');
  return { root, file: join(dir, readdirSync(dir)[0]) };
}

describe('output manifest', () => {
  it("gives a kept page back the link facts it was written with, strings shared between pages", async () => {
    const { root } = await builtManifest();
    const writer = await openWriter(root);
    const kept = [1, 2, 3].map((n) => writer.reuse(`blog/${n}/index.html`, `key-${n}`));
    // The link facts are read on first use (getters of a class): compared as what they read.
    const read = (f?: PageFacts) => f && { ...f, links: f.links && { ids: f.links.ids, links: f.links.links, resources: f.links.resources } };
    expect(kept.map(read)).toEqual([meta(1), meta(2), meta(3)]);
    expect(kept[0]!.links!.links[1]).toBe(kept[2]!.links!.links[1]);
    expect(kept[0]!.links!.resources[0]).toBe(kept[1]!.links!.resources[0]);
    expect(writer.reuse('blog/1/index.html', 'key-other')).toBeUndefined();
  });

  it('is left as it is by a build that keeps everything, and rewritten when a kept page is described anew', async () => {
    const { root, file } = await builtManifest();
    const before = statSync(file).mtimeMs;
    const again = async (describe: (n: number, kept: PageFacts) => PageFacts) => {
      const writer = await openWriter(root);
      for (const n of [1, 2, 3]) {
        const kept = writer.reuse(`blog/${n}/index.html`, `key-${n}`)!;
        writer.describe(`blog/${n}/index.html`, describe(n, kept));
      }
      await writer.commit();
    };
    await again((_, kept) => ({ ...kept }));
    expect(statSync(file).mtimeMs).toBe(before);
    await again((n, kept) => (n === 2 ? { ...kept, gzip: 99 } : kept));
    expect(readManifest(file).files['blog/2/index.html'].page.gzip).toBe(99);
  });

  it('writes everything again when the link table is damaged', async () => {
    const { root, file } = await builtManifest();
    const manifest = readManifest(file);
    manifest.linkTable = manifest.linkTable.slice(0, 2);
    writeManifest(file, manifest);
    expect((await openWriter(root)).reuse('blog/1/index.html', 'key-1')).toBeUndefined();
  });

  it('writes everything again when a byte of the manifest changed, its JSON still valid (a link of the table altered)', async () => {
    const { root, file } = await builtManifest();
    const data = readFileSync(file);
    const at = data.indexOf('/images/1.jpg');
    expect(at).toBeGreaterThan(0);
    data[at + 8] = '2'.charCodeAt(0);
    writeFileSync(file, data);
    expect((await openWriter(root)).reuse('blog/1/index.html', 'key-1')).toBeUndefined();
  });

  it("writes everything again when a page's packed link indexes are damaged", async () => {
    const { root, file } = await builtManifest();
    for (const damage of ['0,1;2', '0,x;1;2', '0,,1;1;2', '-1;1;2', '0,;1;2', '0;1;2;', '0,999;1;2', '1e3;1;2']) {
      const manifest = readManifest(file);
      manifest.files['blog/2/index.html'].page.links = damage;
      writeManifest(file, manifest);
      expect((await openWriter(root)).reuse('blog/1/index.html', 'key-1'), damage).toBeUndefined();
    }
  });
});

/** A manifest as stored (sealed with its hash) read, and written back sealed: a damage the seal cannot see. */
const readManifest = (file: string) => JSON.parse(readFileSync(file).subarray(0, -32).toString('utf8'));
const writeManifest = (file: string, manifest: { outDir: string }) => writeFileSync(file, seal(manifest.outDir, JSON.stringify(manifest)));

describe('the manifest file', () => {
  // What the manifest was before it was written in chunks: one object, stringified at once.
  const asOneObject = (outDir: string, entries: Map<string, { key: string; size: number; mtimeMs: number; page?: PageFacts }>) => {
    const table = new LinkTable();
    const files: Record<string, unknown> = {};
    for (const [path, entry] of [...entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const p = entry.page;
      const packed = p?.links && table.pack(p.links);
      files[path] = packed ? { ...entry, page: { ...p, links: `${packed.ids.join(',')};${packed.links.join(',')};${packed.resources.join(',')}` } } : entry;
    }
    return { version: 3, outDir, dirty: false, linkTable: table.strings, files };
  };

  it('is made in chunks as it is written, and says what one JSON object of every entry said', () => {
    const entries = new Map<string, { key: string; size: number; mtimeMs: number; page?: PageFacts }>();
    for (let n = 3000; n > 0; n--) {
      entries.set(`blog/${n}/index.html`, { key: `page:${n}`, size: n, mtimeMs: 1.5 * n, page: meta(n) });
      entries.set(`cards/blog/${n}.png`, { key: `named:/cache/${n}.png`, size: n, mtimeMs: n });
    }
    entries.set('blog/"quoted" é/index.html', { key: 'page:q', size: 1, mtimeMs: 1, page: { ...meta(7), links: { ...facts(7), ids: ['é', '"'] } } });
    const chunks = [...manifestText('/out/dist', entries)];
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(200_000);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(asOneObject('/out/dist', entries));
  });

  it('is marked dirty around the swap without its entries (a dirty manifest is never read for them)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'stitch-manifest-'));
    const writer = await openWriter(root);
    await writer.writePage('blog/1/index.html', '<p>1</p>', 'key-1');
    await writer['saveManifest'](true);
    const dir = join(root, '.stitch/cache/output');
    expect(readManifest(join(dir, readdirSync(dir)[0]))).toEqual({ version: 3, outDir: join(root, 'dist'), dirty: true, linkTable: [], files: {} });
  });
});

describe('link interner', () => {
  it('gives equal facts whose strings and resources are shared', () => {
    const interner = new LinkInterner();
    const a = interner.intern(facts(1));
    const b = interner.intern(JSON.parse(JSON.stringify(facts(2))));
    expect(a).toEqual(facts(1));
    expect(b).toEqual(facts(2));
    expect(a.resources[0]).toBe(b.resources[0]);
    // Same URL, another kind: another resource.
    expect(a.resources[2]).not.toBe(interner.resource('/images/1.jpg', 'image'));
  });
});

// One contract for the store (cache/cache.ts) as build, dev and check open it, then what the files
// must do: survive a reopen, turn any damage to an entry into a miss, take entries other
// threads and processes write at once, and never fail a build when it cannot write.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build as esbuild } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { noCaches, type CacheKind, type Caches } from '../../src/cache/cache.ts';
import { cachesFor, FileCaches, type FileCache } from '../../src/cache/file-cache.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'stitch-cache-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const text = (version = '1'): CacheKind<string> => ({ name: 'text', version, encode: (s) => s, decode: (b) => b.toString('utf8') });
const json: CacheKind<{ n: number }> = {
  name: 'json',
  version: '1',
  encode: (v) => JSON.stringify(v),
  decode: (b) => {
    const v = JSON.parse(b.toString('utf8')) as { n?: unknown };
    return typeof v.n === 'number' ? { n: v.n } : undefined;
  },
};
const bytes: CacheKind<Uint8Array> = { name: 'bytes', version: '1', encode: (v) => v, decode: (b) => new Uint8Array(b) };

/** Each implementation, and how a later build of the same project (or process) gets its caches. */
const implementations: { name: string; make: () => { caches: Caches; again: () => Caches }; keeps: boolean }[] = [
  { name: 'file', keeps: true, make: () => { const dir = tempDir(); return { caches: new FileCaches(dir, 'content'), again: () => new FileCaches(dir, 'content') }; } },
  { name: 'memory (the same dev session)', keeps: true, make: () => { const caches = new FileCaches(tempDir(), 'content', { memory: true }); return { caches, again: () => caches }; } },
  { name: 'memory over file', keeps: true, make: () => { const dir = tempDir(); return { caches: new FileCaches(dir, 'content', { memory: true }), again: () => new FileCaches(dir, 'content') }; } },
  { name: 'none', keeps: false, make: () => ({ caches: noCaches, again: () => noCaches }) },
];

describe.each(implementations)('the $name cache', ({ make, keeps }) => {
  it('returns what was set, within a build', async () => {
    const cache = await make().caches.open(text());
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'ä one');
    expect(cache.get('a')).toBe(keeps ? 'ä one' : undefined);
  });

  it(keeps ? 'keeps entries for the next build' : 'keeps nothing for the next build', async () => {
    const { caches, again } = make();
    const first = await caches.open(json);
    first.set('a', { n: 1 });
    first.set('b', { n: 2 });
    first.set('b', { n: 3 });
    await first.save();
    const next = await again().open(json);
    expect(next.get('a')).toEqual(keeps ? { n: 1 } : undefined);
    expect(next.get('b')).toEqual(keeps ? { n: 3 } : undefined);
  });

  it('keeps bytes as they were (a card\'s PNG)', async () => {
    const { caches, again } = make();
    const first = await caches.open(bytes);
    const png = new Uint8Array(Buffer.alloc(50_000, 'PNG bytes \u0000\u00ff'));
    first.set('card', png);
    await first.save();
    expect((await again().open(bytes)).get('card')).toEqual(keeps ? png : undefined);
  });

  it('prune drops the entries a build neither read nor wrote', async () => {
    const { caches, again } = make();
    const first = await caches.open(text());
    for (const key of ['kept', 'rewritten', 'dropped']) first.set(key, key);
    await first.save();
    const second = await again().open(text());
    second.get('kept');
    second.set('rewritten', 'new');
    second.set('added', 'added');
    second.prune();
    await second.save();
    const third = await again().open(text());
    expect(['kept', 'rewritten', 'added', 'dropped'].map((k) => third.get(k))).toEqual(keeps ? ['kept', 'new', 'added', undefined] : [undefined, undefined, undefined, undefined]);
  });

  it('keep counts an entry as used without reading it: prune keeps it', async () => {
    const { caches, again } = make();
    const first = await caches.open(text());
    for (const key of ['kept', 'dropped']) first.set(key, key);
    await first.save();
    const second = await again().open(text());
    second.keep('kept');
    second.prune();
    await second.save();
    const third = await again().open(text());
    expect(['kept', 'dropped'].map((k) => third.get(k))).toEqual(keeps ? ['kept', undefined] : [undefined, undefined]);
  });

  it('kinds do not see each other\'s entries', async () => {
    const { caches } = make();
    (await caches.open(text())).set('a', 'text');
    expect((await caches.open(json)).get('a')).toBeUndefined();
  });

  it('reports no problem when it could write', async () => {
    const { caches } = make();
    (await caches.open(text())).set('a', 'a');
    expect(caches.problems()).toEqual([]);
  });
});

describe('the file cache', () => {
  const fill = async (dir: string, count: number) => {
    const caches = new FileCaches(dir, 'content');
    const cache = await caches.open(text());
    for (let i = 0; i < count; i++) cache.set(`key-${i}`, `value ${i} `.repeat(20));
    await cache.save();
    return (key: string) => cache.file(key);
  };
  const reopen = (dir: string) => new FileCaches(dir, 'content').open(text());

  /** Ways a disk or a killed writer damages a file; the last two keep its size. */
  const damages: [string, (file: string) => void][] = [
    ['truncated', (file) => truncateSync(file, Math.floor(readFileSync(file).length / 2))],
    ['emptied', (file) => truncateSync(file, 0)],
    ['zeroed in the middle', (file) => { const b = readFileSync(file); b.fill(0, 40, 80); writeFileSync(file, b); }],
    ['one bit flipped', (file) => { const b = readFileSync(file); b[b.length - 3] ^= 1; writeFileSync(file, b); }],
    ['its digest flipped', (file) => { const b = readFileSync(file); b[5] ^= 0x80; writeFileSync(file, b); }],
  ];
  it.each(damages)('an entry %s is a miss, never a value; the others still read', async (_, damage) => {
    const dir = tempDir();
    const fileOf = await fill(dir, 3);
    damage(fileOf('key-1'));
    const cache = await reopen(dir);
    expect(cache.get('key-1')).toBeUndefined();
    expect(cache.get('key-0')).toBe('value 0 '.repeat(20));
    // Set again, it is whole.
    cache.set('key-1', 'again');
    expect((await reopen(dir)).get('key-1')).toBe('again');
  });

  it('an entry copied over another\'s file is a miss', async () => {
    const dir = tempDir();
    const fileOf = await fill(dir, 2);
    writeFileSync(fileOf('key-1'), readFileSync(fileOf('key-0')));
    expect((await reopen(dir)).get('key-1')).toBeUndefined();
  });

  it('entries of another version or content folder are not seen', async () => {
    const dir = tempDir();
    await fill(dir, 2);
    expect((await new FileCaches(dir, 'content').open(text('2'))).get('key-1')).toBeUndefined();
    expect((await new FileCaches(dir, 'other-content').open(text())).get('key-0')).toBeUndefined();
  });

  it('a cache that cannot write (a file where its folder should be) goes on without storing, and says why once', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'text'), 'not a folder');
    const caches = new FileCaches(dir, 'content');
    const cache = await caches.open(text());
    cache.set('a', 'a');
    cache.set('b', 'b');
    cache.prune();
    await expect(cache.save()).resolves.toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(caches.problems()).toHaveLength(1);
    expect(caches.problems()[0]).toContain(dir);
  });

  it('leaves no temporary files, also when builds write the same entries at once', async () => {
    const dir = tempDir();
    const caches = await Promise.all(Array.from({ length: 8 }, () => new FileCaches(dir, 'content').open(text())));
    caches.forEach((cache, i) => { cache.set('same', `<h1>${i}</h1>`); cache.set(`doc-${i}`, `<h1>${i}</h1>`); });
    await Promise.all(caches.map((cache) => cache.save()));
    const [scope] = readdirSync(join(dir, 'text'));
    const names = readdirSync(join(dir, 'text', scope));
    expect(names.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(names).toHaveLength(9);
    expect((await reopen(dir)).get('same')).toMatch(/^<h1>\d<\/h1>$/);
  });

  it('holds no value in memory: 2,000 entries of 50 KB are each read from their file', async () => {
    const dir = tempDir();
    const caches = new FileCaches(dir, 'content');
    const cache = await caches.open(bytes);
    const value = (i: number) => new Uint8Array(Buffer.alloc(50_000, `card ${i} `));
    for (let i = 0; i < 2000; i++) cache.set(`card-${i}`, value(i));
    const [scope] = readdirSync(join(dir, 'bytes'));
    expect(readdirSync(join(dir, 'bytes', scope))).toHaveLength(2000);
    const again = await new FileCaches(dir, 'content').open(bytes);
    for (const i of [0, 999, 1999]) expect(again.get(`card-${i}`)).toEqual(value(i));
  });

  it('entries written by worker threads and other processes at once are all readable, none damaged', async () => {
    const dir = tempDir();
    const script = join(dir, 'writer.mjs');
    await esbuild({
      stdin: { contents: `import { FileCaches } from ${JSON.stringify(fileURLToPath(new URL('../../src/cache/file-cache.ts', import.meta.url)))};
        import { workerData } from 'node:worker_threads';
        const { dir, name } = workerData ?? JSON.parse(process.argv[2]);
        const cache = await new FileCaches(dir, 'content').open({ name: 'text', version: '1', encode: (s) => s, decode: (b) => b.toString('utf8') });
        for (let i = 0; i < 300; i++) {
          cache.set(name + '-' + i, (name + ' ' + i + ' ').repeat(50));
          cache.set('shared-' + (i % 10), ('shared ' + (i % 10) + ' ').repeat(500));
        }
        await cache.save();`, resolveDir: dir, loader: 'ts' },
      bundle: true, platform: 'node', format: 'esm', outfile: script, logLevel: 'silent',
    });
    const thread = (name: string) => new Promise((resolve, reject) => new Worker(script, { workerData: { dir, name } }).once('exit', resolve).once('error', reject));
    const child = (name: string) => new Promise((resolve, reject) => spawn(process.execPath, [script, JSON.stringify({ dir, name })], { stdio: 'inherit' }).once('exit', resolve).once('error', reject));
    await Promise.all([thread('a'), thread('b'), child('c'), child('d')]);
    const cache = await new FileCaches(dir, 'content').open(text());
    for (const name of ['a', 'b', 'c', 'd']) for (let i = 0; i < 300; i += 29) expect(cache.get(`${name}-${i}`)).toBe(`${name} ${i} `.repeat(50));
    for (let i = 0; i < 10; i++) expect(cache.get(`shared-${i}`)).toBe(`shared ${i} `.repeat(500));
    expect(readdirSync(dirname(cache.file('a-0'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the memory cache over the file one (stitch dev)', () => {
  it('its first build reads and fills the disk cache; later builds use memory alone', async () => {
    const dir = tempDir();
    const disk = await new FileCaches(dir, 'content').open(text());
    disk.set('on-disk', 'from disk');
    await disk.save();
    const memory = new FileCaches(dir, 'content', { memory: true });
    const first = await memory.open(text());
    expect(first.get('on-disk')).toBe('from disk');
    first.set('made', 'made');
    await first.save();
    expect((await new FileCaches(dir, 'content').open(text())).get('made')).toBe('made');
    rmSync(join(dir, 'text'), { recursive: true });
    const second = await memory.open(text());
    expect([second.get('on-disk'), second.get('made')]).toEqual(['from disk', 'made']);
  });
});

describe('cachesFor', () => {
  it('gives build the file caches, dev memory over them, check none', async () => {
    const dir = tempDir();
    const config = { root: dir, contentDir: join(dir, 'content'), cacheDir: join(dir, '.stitch') };
    const memoryOf = async (caches: Caches) => ((await caches.open(text())) as FileCache<string>).memory;
    expect([await memoryOf(cachesFor('build', config)), await memoryOf(cachesFor('dev', config))]).toEqual([undefined, new Map()]);
    expect(cachesFor('check', config)).toBe(noCaches);
  });
});

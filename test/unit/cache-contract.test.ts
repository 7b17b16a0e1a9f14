// One contract for the three cache implementations (cache/cache.ts), then what only the
// persistent one must do: survive a reopen, ignore a torn or corrupt pack, never throw on save.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cachesFor, noCaches, type CacheKind, type Caches } from '../../src/cache/cache.ts';
import { MemoryCaches } from '../../src/cache/memory-cache.ts';
import { Worker } from 'node:worker_threads';
import { build as esbuild } from 'esbuild';
import { appendRecords, PackCache, PersistentCaches, type PackAppend, type Place } from '../../src/cache/persistent-cache.ts';

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

/** Each implementation, and how a later build of the same project (or process) gets its caches. */
const implementations: { name: string; make: () => { caches: Caches; again: () => Caches }; keeps: boolean }[] = [
  { name: 'persistent', keeps: true, make: () => { const dir = tempDir(); return { caches: new PersistentCaches(dir, 'content'), again: () => new PersistentCaches(dir, 'content') }; } },
  { name: 'memory', keeps: true, make: () => { const caches = new MemoryCaches(); return { caches, again: () => caches }; } },
  { name: 'none', keeps: false, make: () => ({ caches: noCaches, again: () => noCaches }) },
];

describe.each(implementations)('the $name cache', ({ make, keeps }) => {
  it('returns what was set, within a build', async () => {
    const cache = await make().caches.open(text());
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'ä one');
    expect(cache.get('a')).toBe(keeps ? 'ä one' : undefined);
    expect(cache.has('a')).toBe(keeps);
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

  it('prune drops the entries a build neither read nor wrote', async () => {
    const { caches, again } = make();
    const first = await caches.open(text());
    for (const key of ['kept', 'rewritten', 'dropped']) first.set(key, key);
    await first.save();
    const second = await again().open(text());
    second.get('kept');
    second.set('rewritten', 'new');
    second.set('added', 'added');
    expect(second.has('dropped')).toBe(keeps);
    second.prune();
    expect(second.has('dropped')).toBe(false);
    await second.save();
    const third = await again().open(text());
    expect(['kept', 'rewritten', 'added', 'dropped'].map((k) => third.get(k))).toEqual(keeps ? ['kept', 'new', 'added', undefined] : [undefined, undefined, undefined, undefined]);
  });

  it('kinds do not see each other\'s entries', async () => {
    const { caches } = make();
    (await caches.open(text())).set('a', 'text');
    expect((await caches.open(json)).get('a')).toBeUndefined();
  });
});

/** Bytes of the text kind's pack in `dir` (0 while there is none). */
function packSize(dir: string): number {
  try {
    const pack = readdirSync(join(dir, 'text')).find((f) => f.endsWith('.pack'));
    return pack ? statSync(join(dir, 'text', pack)).size : 0;
  } catch {
    return 0;
  }
}

describe('the persistent cache', () => {
  const fill = async (dir: string, count: number) => {
    const cache = await new PersistentCaches(dir, 'content').open(text());
    for (let i = 0; i < count; i++) cache.set(`key-${i}`, `value ${i} `.repeat(20));
    await cache.save();
    const [pack] = readdirSync(join(dir, 'text'));
    return join(dir, 'text', pack);
  };

  it('keeps the whole records of a torn pack and ignores the rest', async () => {
    const dir = tempDir();
    const pack = await fill(dir, 10);
    const data = readFileSync(pack);
    writeFileSync(pack, data.subarray(0, data.length - 10));
    const cache = await new PersistentCaches(dir, 'content').open(text());
    expect(cache.get('key-8')).toBe('value 8 '.repeat(20));
    expect(cache.has('key-9')).toBe(false);
  });

  it('ignores a record whose bytes changed, and everything after it', async () => {
    const dir = tempDir();
    const pack = await fill(dir, 10);
    const data = readFileSync(pack);
    const at = data.indexOf('value 5');
    data.write('VALUE', at);
    writeFileSync(pack, data);
    const cache = await new PersistentCaches(dir, 'content').open(text());
    expect(cache.get('key-4')).toBe('value 4 '.repeat(20));
    expect(cache.get('key-5')).toBeUndefined();
    expect(cache.get('key-6')).toBeUndefined();
  });

  it('ignores garbage and a pack of another version, then rewrites it', async () => {
    const dir = tempDir();
    const pack = await fill(dir, 3);
    expect((await new PersistentCaches(dir, 'content').open(text('2'))).get('key-1')).toBeUndefined();
    writeFileSync(pack, 'garbage{{{');
    const cache = await new PersistentCaches(dir, 'content').open(text());
    expect(cache.get('key-1')).toBeUndefined();
    cache.set('fresh', 'fresh');
    await cache.save();
    expect((await new PersistentCaches(dir, 'content').open(text())).get('fresh')).toBe('fresh');
  });

  it('is scoped by content folder', async () => {
    const dir = tempDir();
    await fill(dir, 1);
    expect((await new PersistentCaches(dir, 'other-content').open(text())).get('key-0')).toBeUndefined();
  });

  it('a save that cannot write (the folder is not writable) resolves, and the cache still answers', async () => {
    const dir = tempDir();
    // A file where the cache's folder should be: no writes there, whoever runs the test.
    writeFileSync(join(dir, 'text'), 'not a folder');
    const cache = await new PersistentCaches(dir, 'content').open(text());
    cache.set('a', 'a');
    await expect(cache.save()).resolves.toBeUndefined();
    expect(cache.get('a')).toBe('a');
  });

  it('saves leave no temporary files, also when builds save the same pack at once', async () => {
    const dir = tempDir();
    const caches = await Promise.all(Array.from({ length: 8 }, () => new PersistentCaches(dir, 'content').open(text())));
    caches.forEach((cache, i) => cache.set(`doc-${i}`, `<h1>${i}</h1>`));
    await Promise.all(caches.map((cache) => cache.save()));
    expect(readdirSync(join(dir, 'text')).filter((f) => !f.endsWith('.pack'))).toEqual([]);
    expect(readdirSync(join(dir, 'text'))).toHaveLength(1);
  });

  it('writes entries while a build runs: before save, a reopened cache reads them', async () => {
    const dir = tempDir();
    const cache = await new PersistentCaches(dir, 'content').open(text());
    // About 3 MB: more than the pack's batch of a megabyte.
    for (let i = 0; i < 1500; i++) cache.set(`key-${i}`, `value ${i} `.repeat(200));
    // The writes run in the background: wait until the first megabyte is on disk (or give up: then the reads below fail).
    for (let waited = 0; packSize(dir) <= 1 << 20 && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const reopened = await new PersistentCaches(dir, 'content').open(text());
    expect(reopened.get('key-0')).toBe('value 0 '.repeat(200));
    expect(reopened.get('key-500')).toBe('value 500 '.repeat(200));
    // This build still reads back what it wrote.
    expect(cache.get('key-1')).toBe('value 1 '.repeat(200));
    await cache.save();
    expect((await new PersistentCaches(dir, 'content').open(text())).get('key-1499')).toBe('value 1499 '.repeat(200));
  }, 60_000);

  it('a build killed with SIGKILL before save leaves the entries it wrote readable, and no wrong one', async () => {
    const dir = tempDir();
    const source = fileURLToPath(new URL('../../src/cache/persistent-cache.ts', import.meta.url));
    // A child sets entries (yielding so its writes run) and kills itself part-way, never saving.
    const script = `
      import { PersistentCaches } from ${JSON.stringify(source)};
      const kind = { name: 'text', version: '1', encode: (s) => s, decode: (b) => b.toString('utf8') };
      const cache = await new PersistentCaches(${JSON.stringify(dir)}, 'content').open(kind);
      for (let i = 0; i < 3000; i++) {
        cache.set('key-' + i, ('value ' + i + ' ').repeat(200));
        if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', timeout: 60_000 });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    expect(packSize(dir)).toBeGreaterThan(1 << 20);
    const cache = await new PersistentCaches(dir, 'content').open(text());
    const found = Array.from({ length: 3000 }, (_, i) => cache.get(`key-${i}`));
    const readable = found.filter((v) => v !== undefined).length;
    expect(readable).toBeGreaterThan(400);
    // Batches are written in order: what is readable is the first entries, each with its own value.
    expect(found.slice(0, readable)).toEqual(Array.from({ length: readable }, (_, i) => `value ${i} `.repeat(200)));
  });

  it('appends what a build adds instead of rewriting the pack', async () => {
    const dir = tempDir();
    const pack = await fill(dir, 10);
    const before = readFileSync(pack);
    const cache = await new PersistentCaches(dir, 'content').open(text());
    for (let i = 0; i < 10; i++) cache.get(`key-${i}`);
    cache.set('new', 'new');
    cache.prune();
    await cache.save();
    const after = readFileSync(pack);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect((await new PersistentCaches(dir, 'content').open(text())).get('new')).toBe('new');
  });
});

describe('the persistent cache with records other threads append (the document workers)', () => {
  /** A worker thread that appends `count` records in chunks of `chunk` (appendRecords) and posts where they went. */
  const appender = async (dir: string) => {
    const file = join(dir, 'appender.mjs');
    await esbuild({
      stdin: { contents: `import { appendRecords } from ${JSON.stringify(fileURLToPath(new URL('../../src/cache/persistent-cache.ts', import.meta.url)))};
        import { parentPort, workerData } from 'node:worker_threads';
        const { target, name, count, chunk } = workerData;
        const places = [];
        for (let i = 0; i < count; i += chunk) {
          const records = Array.from({ length: Math.min(chunk, count - i) }, (_, j) => [name + '-' + (i + j), (name + ' ' + (i + j) + ' ').repeat(50)]);
          appendRecords(target, records).forEach((place, j) => places.push([records[j][0], place]));
        }
        parentPort.postMessage(places);`, resolveDir: dir, loader: 'ts' },
      bundle: true, platform: 'node', format: 'esm', outfile: file, logLevel: 'silent',
    });
    return (target: PackAppend, name: string, count: number, chunk: number) => new Promise<[string, Place][]>((resolve, reject) => {
      const worker = new Worker(file, { workerData: { target, name, count, chunk } });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  };

  it('keeps what two threads append at once and what the build sets meanwhile, for this build and the next', async () => {
    const dir = tempDir();
    const old = await new PersistentCaches(dir, 'content').open(text());
    old.set('kept', 'from an earlier build');
    await old.save();
    const cache = await new PersistentCaches(dir, 'content').open(text()) as PackCache<string>;
    expect(cache.get('kept')).toBe('from an earlier build');
    const target = (await cache.share())!;
    expect(target).toBeDefined();
    const run = await appender(dir);
    const [a, b] = await Promise.all([run(target, 'a', 300, 7), run(target, 'b', 300, 11), (async () => {
      // This thread's own sets (more than a batch) reserve their room in the same pack.
      for (let i = 0; i < 600; i++) cache.set(`own-${i}`, `own ${i} `.repeat(300));
    })()]);
    for (const [key, place] of [...a, ...b]) cache.appended(key, place);
    expect(cache.get('a-299')).toBe('a 299 '.repeat(50));
    cache.prune();
    await cache.save();
    const next = await new PersistentCaches(dir, 'content').open(text());
    for (let i = 0; i < 300; i++) {
      expect(next.get(`a-${i}`)).toBe(`a ${i} `.repeat(50));
      expect(next.get(`b-${i}`)).toBe(`b ${i} `.repeat(50));
    }
    for (let i = 0; i < 600; i += 37) expect(next.get(`own-${i}`)).toBe(`own ${i} `.repeat(300));
    expect(next.get('kept')).toBe('from an earlier build');
  });

  it('makes a missing pack before any thread appends, so what they append is readable', async () => {
    const dir = tempDir();
    const cache = await new PersistentCaches(dir, 'content').open(text()) as PackCache<string>;
    const target = (await cache.share())!;
    const [place] = appendRecords(target, [['first', 'first value']]);
    cache.appended('first', place);
    // Readable before save: a build killed now keeps it.
    expect((await new PersistentCaches(dir, 'content').open(text())).get('first')).toBe('first value');
  });

  it('a hole a thread reserved and never wrote ends the readable part; the next build rewrites the pack', async () => {
    const dir = tempDir();
    const cache = await new PersistentCaches(dir, 'content').open(text()) as PackCache<string>;
    const target = (await cache.share())!;
    appendRecords(target, [['before', 'before the hole']]);
    Atomics.add(new BigInt64Array(target.end), 0, 100n); // a worker that reserved 100 bytes and died
    appendRecords(target, [['after', 'after the hole']]);
    const next = await new PersistentCaches(dir, 'content').open(text());
    expect(next.get('before')).toBe('before the hole');
    expect(next.has('after')).toBe(false);
    expect(next.has('')).toBe(false);
    next.set('fresh', 'fresh');
    await next.save();
    const third = await new PersistentCaches(dir, 'content').open(text());
    expect(third.get('before')).toBe('before the hole');
    expect(third.get('fresh')).toBe('fresh');
  });
});

describe('the memory cache over the persistent one (stitch dev)', () => {
  it('its first build reads and fills the disk cache; later builds use memory alone', async () => {
    const dir = tempDir();
    const disk = await new PersistentCaches(dir, 'content').open(text());
    disk.set('on-disk', 'from disk');
    await disk.save();
    const memory = new MemoryCaches(new PersistentCaches(dir, 'content'));
    const first = await memory.open(text());
    expect(first.get('on-disk')).toBe('from disk');
    first.set('made', 'made');
    await first.save();
    expect((await new PersistentCaches(dir, 'content').open(text())).get('made')).toBe('made');
    rmSync(join(dir, 'text'), { recursive: true });
    const second = await memory.open(text());
    expect([second.get('on-disk'), second.get('made')]).toEqual(['from disk', 'made']);
  });
});

describe('cachesFor', () => {
  it('gives build the persistent caches, dev memory ones, check none', () => {
    const config = { root: '/p', contentDir: '/p/content', cacheDir: '/p/.stitch' };
    expect(['build', 'dev', 'check'].map((c) => cachesFor(c as 'build', config).kind)).toEqual(['persistent', 'memory', 'none']);
  });
});

// One pipeline, however it runs: a cold CLI build, a warm one, one after an edit, an in-memory
// build on the main thread and on the workers, and stitch dev's incremental rebuilds all give
// the same pages for the same content (a project just past the worker threshold and one page of the
// blog archive: no larger, as each of the many builds below renders every post).
import { appendFileSync, existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build, type BuildOptions } from '../../src/build.ts';
import { noCaches } from '../../src/cache/cache.ts';
import { cachesFor } from '../../src/cache/file-cache.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { DevSession } from '../../src/dev/dev-session.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { Executor, POOL_THRESHOLD } from '../../src/executor/executor.ts';
import { ARCHIVE_PAGE_SIZE } from '../../src/routes/route-table.ts';
import { perfProject } from '../perf-project.ts';

const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
const POSTS = Math.max(POOL_THRESHOLD, ARCHIVE_PAGE_SIZE) + 10;

/** The text files of a memory build, as the CLI's output reads them (latin1, like PerfProject.files). */
function texts(writer: MemoryWriter): Map<string, string> {
  return new Map([...writer.files].map(([path, contents]) => [path, Buffer.from(contents).toString('latin1')]));
}

describe('every way of building gives the same site', { timeout: 600_000 }, () => {
  it('cold, warm and edited CLI builds equal in-memory builds on the main thread and on the workers', async () => {
    const p = await perfProject(POSTS);
    const config = resolveConfig({ content: 'content', out: 'dist', root: p.root }, EPOCH, p.root);
    const memory = async (options: BuildOptions) => {
      const writer = new MemoryWriter();
      const result = await build(config, { writer, ...options });
      expect(result.ok).toBe(true);
      return texts(writer);
    };
    const expectSame = (cli: Map<string, string>, mem: Map<string, string>) => {
      // The CLI's output also holds the copied assets; every file of the memory build is in it, equal.
      expect(mem.size).toBeGreaterThan(POSTS);
      for (const [path, text] of mem) expect(cli.get(path), path).toBe(text);
    };

    expect(p.build(EPOCH).code).toBe(0);
    const cold = p.files();
    expect(p.build(EPOCH).code).toBe(0);
    expect(p.files()).toEqual(cold);
    const inline = await memory({ workers: false, cache: noCaches });
    expectSame(cold, inline);
    const pool = vi.spyOn(Executor, 'start');
    expect(await memory({ workers: true, cache: noCaches })).toEqual(inline);
    // The pool did render them (the documents are past its threshold).
    expect(pool).toHaveBeenCalledTimes(1);
    pool.mockRestore();
    // With the persistent Markdown cache the CLI builds filled.
    expect(await memory({ workers: true, cache: cachesFor('build', config) })).toEqual(inline);

    appendFileSync(join(p.content, 'blog/synthetic-0042.md'), '\nAn added line about *welting*.\n');
    expect(p.build(EPOCH).code).toBe(0);
    const edited = p.files();
    expect(edited.get('blog/synthetic-0042/index.html')).toContain('An added line about <em>welting</em>.');
    expectSame(edited, await memory({ workers: false, cache: noCaches }));
  });

  it("stitch dev's incremental rebuilds equal a fresh build with dev's options", async () => {
    const p = await perfProject(POSTS);
    const config = resolveConfig({ content: 'content', root: p.root }, EPOCH, p.root);
    // On the main thread: the first test shows the pool gives the same pages, and a pool started
    // for each of these builds cost ~2.5 s of CPU.
    const fresh = async () => {
      const writer = new MemoryWriter();
      const result = await build(config, { writer, minify: false, copyAssets: false, extraHead: '<!--dev-->', cache: noCaches, workers: false });
      expect(result.ok).toBe(true);
      return texts(writer);
    };
    const dev = new DevSession(config, { extraHead: '<!--dev-->' });
    await dev.schedule();
    expect(dev.failure).toBeUndefined();
    expect(texts(dev.output!)).toEqual(await fresh());

    // A body edit (the fast path), then a front-matter edit (title: the listing and related lists change).
    const file = join(p.content, 'blog/synthetic-0100.md');
    appendFileSync(file, '\nA body edit.\n');
    await dev.schedule();
    expect(texts(dev.output!)).toEqual(await fresh());
    p.write('content/blog/synthetic-0100.md', readFileSync(file, 'utf8').replace('title: "Synthetic post 100"', 'title: "Renamed post"'));
    await dev.schedule();
    expect(dev.failure).toBeUndefined();
    const after = texts(dev.output!);
    expect(after.get('blog/synthetic-0100/index.html')).toContain('Renamed post');
    expect(after).toEqual(await fresh());

    // As the dev server schedules them, with the file the watcher named: front matter that
    // listings, tag pages, related lists, the sitemap and the feeds show, then a feed post's body.
    const edit = async (name: string, change: (text: string) => string) => {
      const path = join(p.content, `blog/${name}.md`);
      p.write(`content/blog/${name}.md`, change(readFileSync(path, 'utf8')));
      await dev.schedule([path]);
      expect(dev.failure).toBeUndefined();
      expect(texts(dev.output!)).toEqual(await fresh());
    };
    await edit('synthetic-0100', (t) => t.replace(/^tags: .*$/m, 'tags: [marine, vinyl]').replace(/^date: .*$/m, 'date: 2025-11-30'));
    await edit('synthetic-0101', (t) => t.replace(/^date: .*$/m, '$&\ndraft: true'));
    expect(texts(dev.output!).has('blog/synthetic-0101/index.html')).toBe(false);
    await edit('synthetic-0100', (t) => `${t}\nA body edit of the newest post, which the feeds carry.\n`);
    expect([dev.state!.timings.routes, dev.state!.rendered]).toEqual([undefined, 1]); // the route table taken over, one page rendered
    expect(texts(dev.output!).get('blog/rss.xml')).toContain('A body edit of the newest post');

    // cold = warm = dev-incremental: each kind of edit, applied in dev as the watcher names it,
    // gives the pages a cold build of the content as it now is gives; then a warm build agrees.
    const change = async (rel: string, edit: (text: string) => string | undefined, expected: (site: Map<string, string>) => void) => {
      const path = join(p.root, rel);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
      const next = edit(text);
      if (next === undefined) unlinkSync(path);
      else p.write(rel, next);
      await dev.schedule([path]);
      expect(dev.failure).toBeUndefined();
      const site = texts(dev.output!);
      expected(site);
      expect(site).toEqual(await fresh());
    };
    await change('content/services/bravo-upholstery.yaml', (t) => t.replace('The bravo category of the mini fixture.', 'The bravo category, edited.'), (site) => expect(site.get('services/bravo-upholstery/index.html')).toContain('The bravo category, edited.'));
    await change('content/site.yaml', (t) => t.replace('"(505) 555-0111"', '"(505) 555-0199"'), (site) => expect(site.get('services/bravo-upholstery/index.html')).toContain('555-0199'));
    await change('content/blog/synthetic-0102.md', () => undefined, (site) => expect(site.has('blog/synthetic-0102/index.html')).toBe(false));
    await change('content/blog/a-new-post.md', () => readFileSync(join(p.content, 'blog/synthetic-0103.md'), 'utf8').replace(/^title: .*$/m, 'title: "A New Post"'), (site) => expect(site.get('blog/a-new-post/index.html')).toContain('A New Post'));
    await change('content/blog/synthetic-0104.md', (t) => `${t}\nOne more body edit after the others.\n`, (site) => expect(site.get('blog/synthetic-0104/index.html')).toContain('One more body edit after the others.'));
    const warm = async () => {
      const writer = new MemoryWriter();
      expect((await build(config, { writer, minify: false, copyAssets: false, extraHead: '<!--dev-->', cache: cachesFor('build', config) })).ok).toBe(true);
      return texts(writer);
    };
    await warm();
    expect(await warm()).toEqual(texts(dev.output!));
  });
});

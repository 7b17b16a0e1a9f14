// Rendering on worker threads gives byte-identical output to rendering on the main thread,
// with and without the persistent cache, and in the same order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postBody } from '../src/content/post-bodies.ts';
import { build } from '../src/build.ts';
import { engineVersion } from '../src/cache/engine-version.ts';
import { noCaches } from '../src/cache/cache.ts';
import { cachesFor } from '../src/cache/file-cache.ts';
import { markdownCacheKind, markdownKey } from '../src/cache/markdown-cache.ts';
import { markdownOptionsKey } from '../src/markdown/options-key.ts';
import { renderMarkdown } from '../src/markdown/render-markdown.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { POOL_THRESHOLD } from '../src/executor/executor.ts';
import { perfProject } from './perf-project.ts';

describe('render workers', { timeout: 240_000 }, () => {
  it('produce the same site as the main thread', async () => {
    const p = await perfProject(POOL_THRESHOLD + 10);
    const config = resolveConfig({ content: 'content', out: 'dist', root: p.root }, { SOURCE_DATE_EPOCH: '1767225600' }, p.root);
    const run = async (workers: boolean, cache: boolean) => {
      const writer = new MemoryWriter();
      const result = await build(config, { writer, workers, cache: cache ? cachesFor('build', config) : noCaches });
      expect(result.ok).toBe(true);
      return { files: new Map([...writer.files].map(([k, v]) => [k, String(v)])), order: [...result.state.pages.keys()] };
    };
    const main = await run(false, false);
    const workers = await run(true, false);
    const cached = await run(true, true);
    const warm = await run(true, true);
    expect(main.files.size).toBeGreaterThan(POOL_THRESHOLD);
    for (const other of [workers, cached, warm]) {
      expect(other.files).toEqual(main.files);
      expect(other.order).toEqual(main.order);
    }
  });

  it('fill the persistent Markdown cache with what they render, and follow SITE_URL', async () => {
    const p = await perfProject(POOL_THRESHOLD + 10);
    const config = resolveConfig({ content: 'content', out: 'dist', root: p.root }, { SOURCE_DATE_EPOCH: '1767225600' }, p.root);
    const cold = await build(config, { writer: new MemoryWriter(), workers: true, cache: cachesFor('build', config) });
    expect(cold.ok).toBe(true);
    const cache = await cachesFor('build', config).open(markdownCacheKind());
    const options = { siteUrl: cold.state.layout!.siteUrl };
    const optionsKey = markdownOptionsKey(options);
    const posts = cold.state.graph!.posts;
    expect(posts.length).toBeGreaterThan(POOL_THRESHOLD);
    for (const post of posts) {
      const body = postBody(cold.state.graph!, post); // stitch build keeps no body: read back
      expect(cache.get(markdownKey(body, optionsKey, engineVersion)), post.slug).toBe(renderMarkdown(body, options));
    }
    // A site URL other than site.yaml's (SITE_URL): the cache does not answer with the old links.
    const moved = resolveConfig({ content: 'content', out: 'dist', root: p.root }, { SOURCE_DATE_EPOCH: '1767225600', SITE_URL: 'https://moved.example' }, p.root);
    const again = { writer: new MemoryWriter() };
    const main = { writer: new MemoryWriter() };
    expect((await build(moved, { writer: again.writer, workers: true, cache: cachesFor('build', moved) })).ok).toBe(true);
    expect((await build(moved, { writer: main.writer, workers: false, cache: noCaches })).ok).toBe(true);
    expect(again.writer.files).toEqual(main.writer.files);
  });

  it('write pages themselves in a CLI build (cold, warm, one edit) exactly as the main thread renders them', async () => {
    const p = await perfProject(POOL_THRESHOLD + 10);
    const config = resolveConfig({ content: 'content', out: 'dist', root: p.root }, { SOURCE_DATE_EPOCH: '1767225600' }, p.root);
    /** The main thread's pages of the content as it is now. */
    const mainThread = async () => {
      const writer = new MemoryWriter();
      expect((await build(config, { writer, workers: false, cache: noCaches })).ok).toBe(true);
      return writer.files;
    };
    const expectSame = (pages: MemoryWriter['files']) => {
      for (const [path, contents] of pages) expect(readFileSync(join(p.out, path), 'utf8'), path).toBe(String(contents));
    };
    expect(p.build().code).toBe(0);
    const before = await mainThread(); // after the cold build, which encoded the photos; the warm one changes nothing
    expectSame(before);
    expect(p.build().code).toBe(0);
    expectSame(before);
    p.write('content/blog/synthetic-0007.md', readFileSync(join(p.content, 'blog/synthetic-0007.md'), 'utf8') + '\nOne more line.\n');
    expect(p.build().code).toBe(0);
    expectSame(await mainThread());
  });
});

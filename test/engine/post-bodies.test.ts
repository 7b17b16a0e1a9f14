// `stitch build` keeps no post body on the main thread (content/post-bodies.ts): the content
// stage keeps where each body starts in its file and the file's hash, and whoever needs a body
// later reads it back. These builds go through the CLI's options (persistent caches, the
// incremental writer, the link check) and check every later user of a body: the post's page,
// the feeds (rendered, and taken from the cache by a warm build), the link check placing a
// finding inside a body, and a file edited while the build runs.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build.ts';
import { markdownWarnings } from '../../src/check/site-warnings.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { postBody, readBackBody } from '../../src/content/post-bodies.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { contentTree, ROOT } from '../helpers/build-site.ts';

const POST = 'blog/post-03.md';

// Runs once between the routes stage and the document pass (after the bundles are awaited): a
// file edited there was loaded, keyed and routed in its old state.
let beforeDocuments: (() => void) | undefined;
vi.mock('../../src/pipeline/bundles.ts', async (importOriginal) => {
  const stages = await importOriginal<typeof import('../../src/pipeline/bundles.ts')>();
  return {
    ...stages,
    bundleStage: async (...args: Parameters<typeof stages.bundleStage>) => {
      await stages.bundleStage(...args);
      beforeDocuments?.();
      beforeDocuments = undefined;
    },
  };
});

/**
 * Three posts; the newest has a broken link on the third line of its body, its URL also on the
 * first line as plain text (a search of the file would point there; the Markdown's tree, here).
 */
function posts(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 3; i++) {
    const body = i === 3 ? 'A first line about foam, and /no-such-page.\n\nSee [a page that is not there](/no-such-page) for more.\n' : `Post number ${i}, with *emphasis* ${i}.\n`;
    files[`blog/post-0${i}.md`] = `---\ntitle: Post ${i}\ndescription: The post of day ${i}, about chairs in Albuquerque and their foam.\ndate: 2025-11-0${i}\nauthor: Writer\ntags: [chairs]\n---\n${body}`;
  }
  return files;
}

function project() {
  const content = contentTree(posts(), 'test/fixtures/mini');
  const work = mkdtempSync(join(tmpdir(), 'stitch-bodies-'));
  const config = { ...resolveConfig({ content, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT), outDir: join(work, 'dist'), cacheDir: join(work, '.stitch') };
  const run = () => build(config, { writer: new IncrementalWriter(config.outDir, config.cacheDir), links: true, workers: false });
  const read = (file: string) => readFileSync(join(config.outDir, file), 'utf8');
  // The same caches (persistent: no bodies kept), into memory: a build with errors keeps its output there.
  const inMemory = async () => {
    const writer = new MemoryWriter();
    return { ...await build(config, { writer, links: true, workers: false, keepGoing: true }), text: (file: string) => writer.text(file) ?? '' };
  };
  return { content, config, run, read, inMemory };
}

describe('a build that keeps no post body', { timeout: 120_000 }, () => {
  it('holds no body after the content stage, and still renders, feeds and places findings from the files', async () => {
    const p = project();
    const { state, text } = await p.inMemory();
    const post = state.graph!.posts.find((x) => x.slug === 'post-03')!;
    // What the main thread holds: no body, only where to read it back.
    expect(post.body).toBe('');
    expect(state.graph!.sources!.get(post.origin.file)?.body).toBeUndefined();
    expect(postBody(state.graph!, post)).toBe('A first line about foam, and /no-such-page.\n\nSee [a page that is not there](/no-such-page) for more.\n');
    // The page and the feeds have the body, read back by the document pass.
    expect(text('blog/post-03/index.html')).toContain('A first line about foam, and');
    expect(text('blog/post-01/index.html')).toContain('<em>emphasis</em> 1');
    expect(text('blog/feed.json')).toContain('A first line about foam, and');
    // The link check places its finding on the body's line in the file (front matter: 7 lines).
    const broken = state.diagnostics.find((d) => d.code === 'BrokenLinkError');
    expect(broken).toMatchObject({ file: expect.stringContaining(POST), line: 10, column: 5 });
  });

  it('takes a kept post\'s feed body from the cache by its text, as a build that keeps bodies does', async () => {
    const p = project();
    // No broken link: the build succeeds and its output is kept by the next.
    writeFileSync(join(p.content, POST), readFileSync(join(p.content, POST), 'utf8').replaceAll('/no-such-page', '/about'));
    const cold = await p.run();
    expect(cold.ok).toBe(true);
    const feed = p.read('blog/feed.json');
    const warm = await p.run();
    expect(warm.state.rendered).toBe(0);
    expect(p.read('blog/feed.json')).toBe(feed);
    expect(feed).toContain('A first line about foam, and');
  });

  it('reads a body back for the Markdown warnings only when it holds markup (the content stage saw each body)', async () => {
    const p = project();
    writeFileSync(join(p.content, 'blog/post-02.md'), readFileSync(join(p.content, 'blog/post-02.md'), 'utf8').replace('with *emphasis*', 'with <b>raw</b>'));
    const { state } = await p.inMemory();
    // The plain posts' files change: reading one back now would throw ("changed or went away").
    for (const i of [1, 3]) appendFileSync(join(p.content, `blog/post-0${i}.md`), '\nAn edit.\n');
    const warnings = await markdownWarnings(state.graph!, p.config);
    const raw = { code: 'RawHtmlWarning', file: expect.stringContaining('blog/post-02.md'), line: 8 };
    expect(warnings).toEqual([expect.objectContaining(raw), expect.objectContaining(raw)]); // <b> and </b>
  });

  it('fails the page of a post edited while the build runs, instead of rendering a body its key does not describe', async () => {
    const p = project();
    const { state } = await p.inMemory();
    const post = state.graph!.posts.find((x) => x.slug === 'post-03')!;
    appendFileSync(join(p.content, POST), '\nAn edit.\n');
    expect(readBackBody(state.graph!, post.origin.file)).toBeNull();
    expect(() => postBody(state.graph!, post)).toThrow(/changed or went away while the site was building/);
  });

  it('fails the page of a post edited between the routes and the document pass, naming its file, and writes nothing', async () => {
    const p = project();
    beforeDocuments = () => appendFileSync(join(p.content, POST), '\nAn edit.\n');
    const writer = new MemoryWriter();
    const { ok, state } = await build(p.config, { writer, links: false, workers: false });
    expect(ok).toBe(false);
    const failure = state.diagnostics.find((d) => /changed or went away while the site was building/.test(d.message));
    expect(failure).toMatchObject({ file: expect.stringContaining(POST) });
    expect(writer.text('blog/post-03/index.html')).toBeUndefined();
  });
});

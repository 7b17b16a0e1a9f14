// stitch dev's rebuild after a post edit redoes only what the edit feeds: unchanged posts are not
// parsed again and the photos' variants are kept, unless a photo was replaced in the meantime.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteIndex } from '../src/check/site-index.ts';
import type { Diagnostic } from '../src/errors/diagnostic.ts';
import { noCaches } from '../src/cache/cache.ts';
import { FileCaches } from '../src/cache/file-cache.ts';
import { postCacheKind, sourceHash, sourceKey, type ParsedPost } from '../src/cache/post-cache.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { build } from '../src/build.ts';
import { DevSession, type BuildOutcome } from '../src/dev/dev-session.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { tempProject } from './dev-project.ts';

const key = (file: string, text: string) => sourceKey(file, sourceHash(text));
const parsed = (minutes: number) => ({ data: { title: 't' }, bodyStart: 0, bodyLine: 1, readingTime: minutes }) as unknown as ParsedPost;

describe('the dev post cache (memory, warmed from the persistent cache)', () => {
  it('answers for a file whose text is unchanged, finds what the disk cache knows, and keeps it for the next build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stitch-posts-'));
    const disk = await new FileCaches(dir, 'content').open(postCacheKind());
    disk.set(key('b.md', 'three'), parsed(3));
    await disk.save();
    const caches = new FileCaches(dir, 'content', { memory: true });
    const firstCache = await caches.open(postCacheKind());
    expect(firstCache.get(key('a.md', 'one'))).toBeUndefined();
    firstCache.set(key('a.md', 'one'), parsed(1));
    expect(firstCache.get(key('a.md', 'one'))?.readingTime).toBe(1);
    // An edited file is not the cached one.
    expect(firstCache.get(key('a.md', 'two'))).toBeUndefined();
    expect(firstCache.get(key('b.md', 'three'))?.readingTime).toBe(3);
    await firstCache.save();
    rmSync(dir, { recursive: true, force: true });
    // The next build of the process finds both in memory.
    const next = await caches.open(postCacheKind());
    expect([next.get(key('a.md', 'one'))?.readingTime, next.get(key('b.md', 'three'))?.readingTime]).toEqual([1, 3]);
  });
});

describe('a dev rebuild after a post edit', { timeout: 120_000 }, () => {
  let root: string;
  let builder: DevSession;
  let config: ReturnType<typeof resolveConfig>;
  let last: BuildOutcome | undefined;
  const post = () => join(root, 'content/blog/signs-leather-seats-need-repair.md');
  const PAGE = 'blog/signs-leather-seats-need-repair/index.html';
  /** The site as a fresh dev build of the files as they are now makes it. */
  const fresh = async () => {
    const writer = new MemoryWriter();
    const result = await build(config, { writer, minify: false, copyAssets: false, extraHead: '', cache: noCaches });
    expect(result.ok).toBe(true);
    return writer;
  };

  beforeAll(async () => {
    root = tempProject();
    config = resolveConfig({ root }, { SOURCE_DATE_EPOCH: '1767225600' }, root);
    builder = new DevSession(config, { extraHead: '', onBuild: (outcome) => { last = outcome; } });
    await builder.schedule();
    expect(builder.failure).toBeUndefined();
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the photo variants of the previous build', async () => {
    const before = builder.state!.images;
    expect(before).toBeDefined();
    appendFileSync(post(), '\nOne more sentence about seat foam.\n');
    await builder.schedule();
    expect(builder.failure).toBeUndefined();
    expect(builder.state!.images).toBe(before);
    expect(String(builder.output!.files.get('blog/signs-leather-seats-need-repair/index.html'))).toContain('One more sentence about seat foam.');
  });

  it('makes them anew once a photo was replaced', async () => {
    const before = builder.state!.images;
    builder.assetChanged();
    appendFileSync(post(), '\nAnd one about thread.\n');
    await builder.schedule();
    expect(builder.failure).toBeUndefined();
    expect(builder.state!.images).not.toBe(before);
    expect(builder.state!.images?.manifest).toEqual(before?.manifest);
  });

  it('renders only the edited post when its body alone changed, exactly as a full build would', async () => {
    const blogBefore = builder.output!.text('blog/index.html');
    writeFileSync(post(), readFileSync(post(), 'utf8').replace(/\n\n/, '\n\nA new first paragraph, *emphasised*.\n\n'));
    await builder.schedule();
    expect(builder.failure).toBeUndefined();
    expect(last?.rendered).toBe(1);
    // Its page and the blog feeds, which carry its body.
    expect([...last!.outputs].sort()).toEqual([PAGE, 'blog/atom.xml', 'blog/feed.json', 'blog/rss.xml'].sort());
    // The content and route stages take the last build's results: no link stage, no route table.
    expect(Object.keys(builder.state!.timings)).not.toContain('routes');
    expect(Object.keys(builder.state!.timings)).not.toContain('link');
    expect(builder.output!.text(PAGE)).toContain('A new first paragraph, <em>emphasised</em>.');
    expect(builder.output!.text('blog/index.html')).toBe(blogBefore);
    const full = await fresh();
    for (const [path] of full.files) expect(builder.output!.text(path), path).toBe(full.text(path));
    expect(builder.output!.files.size).toBe(full.files.size);
  });

  it('checks the links of the edited page alone, and reports what a full build of the same files reports', async () => {
    const resolved = vi.spyOn(SiteIndex.prototype, 'resolve');
    writeFileSync(post(), readFileSync(post(), 'utf8').replace(/\n\n/, '\n\nSee [the old shop](http://example.com/shop) <u>first</u>.\n\n'));
    await builder.schedule([post()]);
    expect(builder.failure).toBeUndefined();
    const incremental = resolved.mock.calls.length;
    resolved.mockClear();
    const full = await build(config, { mode: 'dev', writer: new MemoryWriter(), extraHead: '', cache: noCaches, links: true });
    const everyPage = resolved.mock.calls.length;
    resolved.mockRestore();
    const shown = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.file}:${d.line} ${d.message}`);
    expect(shown(builder.state!.diagnostics)).toContain(`InsecureLinkWarning content/blog/signs-leather-seats-need-repair.md:${readFileSync(post(), 'utf8').split('\n').findIndex((l) => l.includes('http://example.com/shop')) + 1} ${full.state.diagnostics.find((d) => d.code === 'InsecureLinkWarning')?.message}`);
    expect(builder.state!.diagnostics.filter((d) => d.file?.endsWith('signs-leather-seats-need-repair.md')).map((d) => d.code)).toContain('RawHtmlWarning');
    expect(shown(builder.state!.diagnostics)).toEqual(shown(full.state.diagnostics));
    expect(incremental).toBeLessThan(everyPage / 5);
  });

  it('builds as usual when the front matter or the reading time changed', async () => {
    writeFileSync(post(), readFileSync(post(), 'utf8').replace(/^title: .*$/m, 'title: "Seven Signs Your Leather Seats Need Repair Now"'));
    await builder.schedule();
    expect(builder.failure).toBeUndefined();
    expect(Object.keys(builder.state!.timings)).toContain('routes');
    expect(builder.output!.text('blog/index.html')).toContain('Seven Signs Your Leather Seats Need Repair Now');
    const minutes = builder.state!.graph!.posts.find((p) => p.slug === 'signs-leather-seats-need-repair')!.readingTime;
    appendFileSync(post(), `\n${'More words about worn bolsters and cracked seams. '.repeat(60)}\n`);
    await builder.schedule();
    expect(Object.keys(builder.state!.timings)).toContain('routes');
    expect(builder.state!.graph!.posts.find((p) => p.slug === 'signs-leather-seats-need-repair')!.readingTime).toBeGreaterThan(minutes);
    const full = await fresh();
    for (const [path] of full.files) expect(builder.output!.text(path), path).toBe(full.text(path));
  });

  it('looks again only at the files the watcher named; a request still finds a change the watcher missed', async () => {
    const other = join(root, 'content/blog/best-luxury-upholstery-options-car.md');
    const OTHER = 'blog/best-luxury-upholstery-options-car/index.html';
    appendFileSync(post(), '\nA sentence the watcher reported.\n');
    appendFileSync(other, '\nA sentence the watcher missed.\n');
    await builder.schedule([post()]);
    expect(builder.failure).toBeUndefined();
    expect(builder.output!.text(PAGE)).toContain('A sentence the watcher reported.');
    // No walk of every input per edit: the unreported file is not looked at yet...
    expect(builder.output!.text(OTHER)).not.toContain('A sentence the watcher missed.');
    // ...but a request walks them all before it is answered: never a stale page.
    await builder.fresh();
    expect(builder.output!.text(OTHER)).toContain('A sentence the watcher missed.');
    const full = await fresh();
    for (const [path] of full.files) expect(builder.output!.text(path), path).toBe(full.text(path));
  });

  it('reports a broken front matter as a failed build, then recovers with a body-only edit', async () => {
    const good = readFileSync(post(), 'utf8');
    writeFileSync(post(), good.replace(/^date: .*$/m, 'date: 2024-02-31'));
    await builder.schedule();
    expect(builder.failure?.some((d) => d.severity === 'error')).toBe(true);
    writeFileSync(post(), good.replace('worn bolsters', 'tired bolsters'));
    await builder.schedule();
    expect(builder.failure).toBeUndefined();
    expect(builder.output!.text(PAGE)).toContain('tired bolsters');
  });
});

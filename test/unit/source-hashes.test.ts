// A warm `stitch build` stats each post instead of reading it (cache/source-hashes.ts): the hash
// of its text is remembered with the file's size, mtime, ctime and inode, and its parse comes from
// the post cache by that hash. Any edit — even one that keeps the size and puts the mtime back —
// must be read again, and a file changed just before it was read is not remembered.
import { cpSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedPost, PostMemo } from '../../src/cache/post-cache.ts';
import { SourceHashes } from '../../src/cache/source-hashes.ts';
import { loadContent } from '../../src/content/load-content.ts';

const POST = 'content/blog/benefits-custom-automotive-upholstery.md';

/** A post cache in a Map that records the posts it was asked about with their text read. */
function memo() {
  const store = new Map<string, ParsedPost>();
  const read: string[] = [];
  const posts: PostMemo = {
    get: (file, text, hash) => {
      if (typeof text === 'string') read.push(file);
      return store.get(`${file}\0${hash}`);
    },
    set: (file, _text, post, hash) => void store.set(`${file}\0${hash}`, structuredClone(post)),
  };
  return { posts, read };
}

/** A copy of the real content in a project of its own. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'stitch-source-hashes-'));
  cpSync(join(import.meta.dirname, '../../content'), join(root, 'content'), { recursive: true });
  return root;
}

/** One project per test, made together: files changed in the last two seconds are not remembered, so they age once. */
const projects: string[] = [];
beforeAll(async () => {
  projects.push(project(), project());
  await sleep(2100);
});

async function load(root: string, posts: PostMemo) {
  const hashes = SourceHashes.open(join(root, '.stitch/cache'), 'content', 'v1');
  const result = await loadContent(root, join(root, 'content'), join(root, 'site-assets'), { posts, keepBodies: false, hashes });
  await hashes.save();
  return result;
}

const post = (r: Awaited<ReturnType<typeof load>>) => ({ source: r.graph!.sources!.get(POST), post: r.graph!.posts.find((p) => p.origin?.file === POST) });

describe('post hashes by file identity', () => {
  it('reads no unchanged post, and gives the same graph', async () => {
    const root = projects.shift()!;
    const { posts, read } = memo();
    const first = await load(root, posts);
    expect(read).toContain(POST);
    read.length = 0;
    const second = await load(root, posts);
    expect(read).toEqual([]);
    expect(post(second)).toEqual(post(first));
    expect(second.graph!.posts.length).toBe(first.graph!.posts.length);
  });

  it('reads a post again after an edit that keeps its size and puts its mtime back', async () => {
    const root = projects.shift()!;
    const { posts, read } = memo();
    const first = await load(root, posts);
    await load(root, posts); // remembered
    const file = join(root, POST);
    const before = statSync(file);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/title: "?./, (m) => m.slice(0, -1) + (m.endsWith('X') ? 'Y' : 'X')));
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file).size).toBe(before.size);
    read.length = 0;
    const after = await load(root, posts);
    expect(read).toEqual([POST]);
    expect(post(after).source!.hash).not.toBe(post(first).source!.hash);
    expect(post(after).post!.title).not.toBe(post(first).post!.title);
    read.length = 0;
    await load(root, posts); // changed just now: not remembered
    expect(read).toEqual([POST]);
  });
});

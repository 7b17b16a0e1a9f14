// stitch dev's rebuild after a post edit redoes only what the edit feeds: unchanged posts are not
// parsed again and the photos' variants are kept, unless a photo was replaced in the meantime.
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedPost, PostMemo } from '../src/cache/post-cache.ts';
import { MemoryPostMemo } from '../src/cache/post-cache.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { DevBuilder } from '../src/dev/dev-builder.ts';
import { tempProject } from './dev-project.ts';

const parsed = (minutes: number) => ({ data: { title: 't' }, bodyStart: 0, bodyLine: 1, readingTime: minutes }) as unknown as ParsedPost;

describe('the in-memory post memo', () => {
  it('answers for a file whose text is unchanged, asks the persistent cache otherwise, and fills both', () => {
    const disk = new Map<string, ParsedPost>();
    const asked: string[] = [];
    const fallback: PostMemo = {
      get: (file, text) => (asked.push(file), disk.get(`${file}\n${text}`)),
      set: (file, text, post) => void disk.set(`${file}\n${text}`, post),
    };
    const memo = new MemoryPostMemo().over(fallback);
    expect(memo.get('a.md', 'one')).toBeUndefined();
    memo.set('a.md', 'one', parsed(1));
    expect(disk.get('a.md\none')?.readingTime).toBe(1);
    asked.length = 0;
    expect(memo.get('a.md', 'one')?.readingTime).toBe(1);
    expect(asked).toEqual([]);
    // An edited file is not the cached one.
    expect(memo.get('a.md', 'two')).toBeUndefined();
    expect(asked).toEqual(['a.md']);
    // What the persistent cache knows is kept in memory for the next build.
    disk.set('b.md\nthree', parsed(3));
    expect(memo.get('b.md', 'three')?.readingTime).toBe(3);
    asked.length = 0;
    expect(memo.get('b.md', 'three')?.readingTime).toBe(3);
    expect(asked).toEqual([]);
  });
});

describe('a dev rebuild after a post edit', { timeout: 120_000 }, () => {
  let root: string;
  let builder: DevBuilder;
  const post = () => join(root, 'content/blog/signs-leather-seats-need-repair.md');

  beforeAll(async () => {
    root = tempProject();
    const config = resolveConfig({ root }, { SOURCE_DATE_EPOCH: '1767225600' }, root);
    builder = new DevBuilder(config, { extraHead: '' });
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
});

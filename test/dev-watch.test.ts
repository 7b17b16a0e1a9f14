// The dev watcher (src/dev/watch.ts): events name the file, folders added later are watched,
// scratch files are ignored, and it holds one inotify watch per folder, not one per file.
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchTrees, type TreeWatcher, type WatchEvent } from '../src/dev/watch.ts';
import { inotifyWatches } from './dev-project.ts';

let root: string;
let watcher: TreeWatcher | undefined;
let seen: { event: WatchEvent; path: string }[];
let waiters: (() => boolean)[];

/** Resolves once an event matching `event` and `path` has been seen (a generous deadline, not a timing). */
const seenEvent = (event: WatchEvent, path: string) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} ${path}; saw ${JSON.stringify(seen)}`)), 10_000);
    const check = () => {
      if (!seen.some((e) => e.event === event && e.path === path)) return false;
      clearTimeout(timer);
      resolve();
      return true;
    };
    if (!check()) waiters.push(check);
  });

const start = () => {
  watcher = watchTrees([join(root, 'content'), join(root, 'missing')], (event, path) => {
    seen.push({ event, path });
    waiters = waiters.filter((w) => !w());
  }, (error) => {
    throw error;
  });
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stitch-watch-'));
  mkdirSync(join(root, 'content/blog'), { recursive: true });
  for (let i = 0; i < 50; i++) writeFileSync(join(root, `content/blog/post-${i}.md`), `# Post ${i}\n`);
  seen = [];
  waiters = [];
});

afterEach(() => {
  watcher?.close();
  watcher = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe('the dev watcher', () => {
  it('names the file added, changed or removed, and tells a change from an add', async () => {
    start();
    const post = join(root, 'content/blog/post-3.md');
    writeFileSync(post, '# Post 3, edited\n');
    await seenEvent('change', post);
    const added = join(root, 'content/blog/new-post.md');
    writeFileSync(added, '# New\n');
    await seenEvent('add', added);
    unlinkSync(join(root, 'content/blog/post-4.md'));
    await seenEvent('unlink', join(root, 'content/blog/post-4.md'));
    // An editor's atomic save (write aside, rename over) is a change of the file it replaces.
    writeFileSync(join(root, 'content/blog/post-5.md.tmp'), '# Post 5, saved atomically\n');
    renameSync(join(root, 'content/blog/post-5.md.tmp'), join(root, 'content/blog/post-5.md'));
    await seenEvent('change', join(root, 'content/blog/post-5.md'));
    expect(seen.some((e) => e.path.endsWith('.tmp')), 'scratch files are not reported').toBe(false);
    expect(seen.filter((e) => e.event === 'add').map((e) => e.path)).toEqual([added]);
  });

  it('watches a folder added later, and reports a folder removed', async () => {
    start();
    const folder = join(root, 'content/blog/archive');
    mkdirSync(folder);
    await seenEvent('addDir', folder);
    writeFileSync(join(folder, 'inside.md'), '# Inside\n');
    await seenEvent('add', join(folder, 'inside.md'));
    rmSync(folder, { recursive: true });
    await seenEvent('unlinkDir', folder);
  });

  it('holds one inotify watch per folder, not one per file', () => {
    const before = inotifyWatches();
    if (before === undefined) return; // not Linux
    start();
    // content/ and content/blog/ (the missing root is skipped), whatever the 50 posts.
    expect(inotifyWatches()! - before).toBe(2);
  });
});

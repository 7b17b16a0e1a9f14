// The dev watcher (src/dev/watch.ts, chokidar): events name the file, folders added later are
// watched, scratch files are ignored, an editor's truncate is not a change, symbolic links are
// followed, a root made after the start is watched.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changes, takeSnapshot } from '../src/dev/snapshot.ts';
import { watchTrees, type TreeWatcher, type WatchEvent } from '../src/dev/watch.ts';

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

/**
 * Writes new files into `folder` until the watcher reports one: chokidar reports a folder before
 * it watches it, so a file made at once may come before the watch (the session walks on `addDir`).
 */
const addedInto = (folder: string, name: string) =>
  new Promise<void>((resolve, reject) => {
    let n = 0;
    const write = () => writeFileSync(join(folder, `${name}-${n++}.md`), '# New\n');
    const timer = setInterval(write, 200);
    const deadline = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`no add in ${folder}; saw ${JSON.stringify(seen)}`));
    }, 10_000);
    const check = () => {
      if (!seen.some((e) => e.event === 'add' && e.path.startsWith(`${folder}/${name}-`))) return false;
      clearInterval(timer);
      clearTimeout(deadline);
      resolve();
      return true;
    };
    write();
    if (!check()) waiters.push(check);
  });

const start = async (roots = [join(root, 'content'), join(root, 'missing')]) => {
  watcher = watchTrees(roots, (event, path) => {
    seen.push({ event, path });
    waiters = waiters.filter((w) => !w());
  }, (error) => {
    throw error;
  });
  await watcher.ready;
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stitch-watch-'));
  mkdirSync(join(root, 'content/blog'), { recursive: true });
  for (let i = 0; i < 50; i++) writeFileSync(join(root, `content/blog/post-${i}.md`), `# Post ${i}\n`);
  seen = [];
  waiters = [];
});

afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe('the dev watcher', () => {
  it('names the file added, changed or removed, and tells a change from an add', async () => {
    await start();
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
    await start();
    const folder = join(root, 'content/blog/archive');
    mkdirSync(folder);
    await seenEvent('addDir', folder);
    await addedInto(folder, 'inside');
    rmSync(folder, { recursive: true });
    await seenEvent('unlinkDir', folder);
  });

  it("reports an editor's save (truncate, then write) as a change of the file", async () => {
    await start();
    const post = join(root, 'content/blog/post-3.md');
    truncateSync(post);
    writeFileSync(post, '# Post 3, saved\n');
    await seenEvent('change', post);
    expect(seen.every((e) => e.event === 'change' && e.path === post)).toBe(true);
  });

  it('follows symbolic links: a linked post and a linked folder of posts, edited through their targets', async () => {
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(join(elsewhere, 'drafts'), { recursive: true });
    for (const name of ['a.md', 'b.md', 'c.md']) writeFileSync(join(elsewhere, name), `# ${name}\n`);
    writeFileSync(join(elsewhere, 'drafts/d.md'), '# D\n');
    for (const name of ['a.md', 'b.md', 'c.md']) symlinkSync(join(elsewhere, name), join(root, 'content/blog', name));
    symlinkSync(join(elsewhere, 'drafts'), join(root, 'content/blog/drafts'));
    await start();
    writeFileSync(join(elsewhere, 'b.md'), '# B, edited where it lives\n');
    await seenEvent('change', join(root, 'content/blog/b.md'));
    writeFileSync(join(elsewhere, 'drafts/d.md'), '# D, edited where it lives\n');
    await seenEvent('change', join(root, 'content/blog/drafts/d.md'));
    writeFileSync(join(elsewhere, 'drafts/e.md'), '# E, new\n');
    await seenEvent('add', join(root, 'content/blog/drafts/e.md'));
    // A post linked while watching, and its target saved atomically (written aside, renamed over).
    writeFileSync(join(elsewhere, 'f.md'), '# F\n');
    symlinkSync(join(elsewhere, 'f.md'), join(root, 'content/blog/f.md'));
    await seenEvent('add', join(root, 'content/blog/f.md'));
    writeFileSync(join(elsewhere, 'f.md.tmp'), '# F, saved atomically\n');
    renameSync(join(elsewhere, 'f.md.tmp'), join(elsewhere, 'f.md'));
    await seenEvent('change', join(root, 'content/blog/f.md'));
    expect(seen.some((e) => e.path.startsWith(elsewhere)), 'paths are named as the build sees them, in the tree').toBe(false);
  });

  it('and so does the walk a request makes (a linked folder\'s posts are in the snapshot, a link back up is followed once)', () => {
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'd.md'), '# D\n');
    symlinkSync(elsewhere, join(root, 'content/blog/drafts'));
    symlinkSync(join(root, 'content'), join(root, 'content/blog/up'));
    const before = takeSnapshot([{ dir: join(root, 'content') }]);
    expect(before.has(join(root, 'content/blog/drafts/d.md'))).toBe(true);
    writeFileSync(join(elsewhere, 'd.md'), '# D, edited where it lives, longer\n');
    expect([...changes(before, takeSnapshot([{ dir: join(root, 'content') }])).keys()]).toEqual([join(root, 'content/blog/drafts/d.md')]);
  });

  it('watches a root that did not exist at the start once it is made', async () => {
    const later = join(root, 'later/locations');
    await start([join(root, 'content'), later]);
    mkdirSync(later, { recursive: true });
    await seenEvent('addDir', later);
    await addedInto(later, 'santa-fe');
    // Removed and made again: watched again.
    rmSync(join(root, 'later'), { recursive: true });
    await seenEvent('unlinkDir', later);
    seen = [];
    mkdirSync(later, { recursive: true });
    // (A file made before the folder is watched is not an event of its own: `addDir` makes the builder walk it.)
    await seenEvent('addDir', later);
    await addedInto(later, 'taos');
  });
});

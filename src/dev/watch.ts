// The dev watcher: one fs.watch (inotify) per folder under the inputs, whose events name the
// file. chokidar, used before, re-read a whole folder (readdir + lstat of every entry) on any
// event in it, twice per save: with 4,000 posts in content/blog/ that was ~2/3 of the dev
// process's CPU per edit, and it held an inotify watch per file (docs/performance.md, "Dev
// edit → reload, third pass"). Here nothing is read again on an edit: the names each folder
// holds are read once and kept up to date from the events. A missed or merged event cannot
// leave a stale page: the builder compares snapshots, and a request walks every input.
//
// As the build (fast-glob) follows symbolic links, so does the watcher (chokidar's
// followSymlinks): a linked folder is watched at its path in the tree (inotify follows the
// link), a linked file through its target's folder (fs.watch on Linux never reports an edit of
// a link's target in the link's folder). A root missing at the start is waited for in its
// nearest existing parent, as chokidar waits for a path that does not exist yet.
import { lstatSync, readdirSync, realpathSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { isFolder, isScratchFile, stamp as stampOf } from './snapshot.ts';

/** chokidar's names: what happened to `path`. `rescan`: the system lost track, look at everything. */
export type WatchEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir' | 'rescan';

export interface TreeWatcher {
  close(): void;
}

interface Folder {
  watcher: FSWatcher;
  /** The entries (files and folders) it holds, scratch files left out. */
  names: Set<string>;
  /** Where it really is (links followed): a link back to a folder above it is not followed. */
  real: string;
}

/** The folder of one or more linked files' targets, watched for them. */
interface TargetFolder {
  watcher: FSWatcher;
  /** A target's name → the links (paths in the tree) to it. */
  links: Map<string, Set<string>>;
}

/**
 * Watches every folder under `roots`, following symbolic links; a root that does not exist is
 * watched for from its nearest existing parent and reported (`addDir`) when it appears. Scratch
 * files (snapshot.ts) are ignored, as the builder ignores them.
 */
export function watchTrees(roots: string[], onEvent: (event: WatchEvent, path: string) => void, onError: (error: Error) => void): TreeWatcher {
  const folders = new Map<string, Folder>();
  const targets = new Map<string, TargetFolder>();
  /** Each linked file's target (its real path). */
  const linked = new Map<string, string>();
  /** Missing roots → the watch on their nearest existing parent. */
  const awaited = new Map<string, FSWatcher>();
  /** The last stamp seen of each file that had an event: one save's several events make one `change`. */
  const stamps = new Map<string, string>();
  let closed = false;

  const open = (dir: string, listener: (name: string | null) => void): FSWatcher | undefined => {
    try {
      return watch(dir, { persistent: true }, (_type, name) => listener(name === null ? null : String(name)));
    } catch (error) {
      onError(error as Error);
      return undefined;
    }
  };

  /** Watches `dir` and the folders under it; `above`: the real paths of the folders it is in. */
  const add = (dir: string, above: Set<string> = new Set()) => {
    let entries;
    let real;
    try {
      real = realpathSync(dir);
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // gone already
    }
    if (above.has(real)) return; // a link to a folder it is in: followed once, as fast-glob does
    const watcher = open(dir, (name) => changed(dir, name));
    if (!watcher) return;
    // The folder can no longer be watched (removed: its parent's event reports that too).
    watcher.on('error', () => {
      remove(dir);
      if (!closed) onEvent('rescan', dir);
    });
    const names = new Set<string>();
    folders.set(dir, { watcher, names, real });
    const inside = new Set(above).add(real);
    for (const entry of entries) {
      if (isScratchFile(entry.name)) continue;
      names.add(entry.name);
      const path = join(dir, entry.name);
      if (entry.isDirectory()) add(path, inside);
      else if (entry.isSymbolicLink()) follow(path, inside);
    }
  };

  /** A symbolic link in the tree: a folder is watched as one, a file through its target's folder. */
  const follow = (path: string, above: Set<string>) => {
    let s: Stats;
    try {
      s = statSync(path);
    } catch {
      return; // a dangling link: nothing to watch until it points somewhere
    }
    if (s.isDirectory()) add(path, above);
    else linkFile(path);
  };

  const linkFile = (link: string) => {
    let target: string;
    try {
      target = realpathSync(link);
    } catch {
      return;
    }
    if (linked.get(link) === target) return;
    unlinkFile(link);
    const dir = dirname(target);
    let folder = targets.get(dir);
    if (!folder) {
      const watcher = open(dir, (name) => {
        // An edit of a target: the links to it changed (their folder's rules decide what to report).
        for (const path of (name !== null && targets.get(dir)?.links.get(name)) || []) changed(dirname(path), basename(path));
      });
      if (!watcher) return;
      watcher.on('error', () => watcher.close());
      targets.set(dir, (folder = { watcher, links: new Map() }));
    }
    const name = basename(target);
    folder.links.set(name, (folder.links.get(name) ?? new Set()).add(link));
    linked.set(link, target);
  };

  const unlinkFile = (link: string) => {
    const target = linked.get(link);
    if (target === undefined) return;
    linked.delete(link);
    const folder = targets.get(dirname(target));
    const links = folder?.links.get(basename(target));
    links?.delete(link);
    if (!folder || links?.size) return;
    folder.links.delete(basename(target));
    if (folder.links.size > 0) return;
    folder.watcher.close();
    targets.delete(dirname(target));
  };

  /** Stops watching `dir` and every folder and linked file under it. */
  const remove = (dir: string) => {
    const under = (path: string) => path === dir || path.startsWith(dir + sep);
    for (const [path, folder] of folders) {
      if (!under(path)) continue;
      folder.watcher.close();
      folders.delete(path);
    }
    for (const link of [...linked.keys()]) if (under(link)) unlinkFile(link);
  };

  /** Waits for a missing root in its nearest existing parent; adds it (and says so) once it exists. */
  const await_ = (root: string) => {
    if (isFolder(root)) {
      add(root);
      onEvent('addDir', root);
      return;
    }
    const parent = nearest(root);
    const rearm = () => {
      watcher?.close();
      awaited.delete(root);
      await_(root);
    };
    const watcher = open(parent, () => {
      // The root, or a folder on the way to it, appeared: start again from there.
      if (!closed && awaited.get(root) === watcher && (isFolder(root) || nearest(root) !== parent)) rearm();
    });
    if (!watcher) return;
    watcher.on('error', () => watcher.close());
    awaited.set(root, watcher);
    if (isFolder(root) || nearest(root) !== parent) rearm(); // made between the look and the watch
  };

  const changed = (dir: string, name: string | null) => {
    const folder = folders.get(dir);
    if (closed || !folder) return;
    if (roots.includes(dir) && !isFolder(dir)) {
      // A root removed: forget it, and wait for it to come back.
      remove(dir);
      stamps.clear();
      onEvent('unlinkDir', dir);
      return await_(dir);
    }
    if (name === null) return onEvent('rescan', dir);
    if (isScratchFile(basename(name))) return;
    const path = join(dir, name);
    let s: Stats | undefined;
    try {
      s = statSync(path); // follows links: a linked file's target, a linked folder
    } catch {
      // removed (or a link left dangling)
    }
    if (!s) {
      stamps.delete(path);
      // A link left dangling stays linked: its target's folder reports the target coming back.
      if (!isLink(path)) unlinkFile(path);
      if (folders.has(path)) {
        remove(path);
        folder.names.delete(name);
        onEvent('unlinkDir', path);
      } else if (folder.names.delete(name)) onEvent('unlink', path);
      return;
    }
    if (s.isDirectory()) {
      const known = folders.get(path);
      if (known && known.real === realOf(path)) return; // its own times changed: its entries report themselves
      if (known) remove(path); // a link that now points elsewhere
      folder.names.add(name);
      add(path, ancestors(dir));
      onEvent('addDir', path);
      return;
    }
    // A new link, one pointing elsewhere now, or a link replaced by a file.
    if (isLink(path)) linkFile(path);
    else unlinkFile(path);
    // An editor's save truncates, then writes: the truncate's event is not reported (a build
    // reading the empty post would fall back to a full build); the write's event follows. A file
    // left empty is still seen by the next request's walk.
    if (s.size === 0) return;
    const stamp = stampOf(s);
    if (stamps.get(path) === stamp) return;
    stamps.set(path, stamp);
    const known = folder.names.has(name);
    folder.names.add(name);
    onEvent(known ? 'change' : 'add', path);
  };

  /** The real paths of `dir` and the watched folders it is in (a link back to one is not followed). */
  const ancestors = (dir: string) => {
    const out = new Set<string>();
    for (let d = dir; folders.has(d); d = dirname(d)) out.add(folders.get(d)!.real);
    return out;
  };

  for (const root of roots) {
    if (isFolder(root)) add(root);
    else await_(root);
  }
  return {
    close: () => {
      closed = true;
      for (const folder of folders.values()) folder.watcher.close();
      for (const folder of targets.values()) folder.watcher.close();
      for (const watcher of awaited.values()) watcher.close();
      folders.clear();
      targets.clear();
      awaited.clear();
    },
  };
}

/** The nearest folder above `path` that exists. */
function nearest(path: string): string {
  let parent = dirname(path);
  while (!isFolder(parent) && dirname(parent) !== parent) parent = dirname(parent);
  return parent;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function realOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

// The dev watcher: one fs.watch (inotify) per folder under the inputs, whose events name the
// file. chokidar, used before, re-read a whole folder (readdir + lstat of every entry) on any
// event in it, twice per save: with 4,000 posts in content/blog/ that was ~2/3 of the dev
// process's CPU per edit, and it held an inotify watch per file (docs/performance.md, "Dev
// edit → reload, third pass"). Here nothing is read again on an edit: the names each folder
// holds are read once and kept up to date from the events. A missed or merged event cannot
// leave a stale page: the builder compares snapshots, and a request walks every input.
import { readdirSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { isScratchFile } from './snapshot.ts';

/** chokidar's names: what happened to `path`. `rescan`: the system lost track, look at everything. */
export type WatchEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir' | 'rescan';

export interface TreeWatcher {
  close(): void;
}

interface Folder {
  watcher: FSWatcher;
  /** The entries (files and folders) it holds, scratch files left out. */
  names: Set<string>;
}

/**
 * Watches every folder under `roots` (roots that do not exist are skipped; a request's walk
 * still sees them once they do). Scratch files (snapshot.ts) are ignored, as the builder ignores them.
 */
export function watchTrees(roots: string[], onEvent: (event: WatchEvent, path: string) => void, onError: (error: Error) => void): TreeWatcher {
  const folders = new Map<string, Folder>();
  /** The last stamp seen of each file that had an event: one save's several events make one `change`. */
  const stamps = new Map<string, string>();
  let closed = false;

  const add = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // gone already
    }
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: true }, (_type, name) => changed(dir, name === null ? null : String(name)));
    } catch (error) {
      onError(error as Error);
      return;
    }
    // The folder can no longer be watched (removed: its parent's event reports that too).
    watcher.on('error', () => {
      remove(dir);
      if (!closed) onEvent('rescan', dir);
    });
    const names = new Set<string>();
    folders.set(dir, { watcher, names });
    for (const entry of entries) {
      if (isScratchFile(entry.name)) continue;
      names.add(entry.name);
      if (entry.isDirectory()) add(join(dir, entry.name));
    }
  };

  /** Stops watching `dir` and every folder under it. */
  const remove = (dir: string) => {
    for (const [path, folder] of folders) {
      if (path !== dir && !path.startsWith(dir + sep)) continue;
      folder.watcher.close();
      folders.delete(path);
    }
  };

  const changed = (dir: string, name: string | null) => {
    const folder = folders.get(dir);
    if (closed || !folder) return;
    if (name === null) return onEvent('rescan', dir);
    if (isScratchFile(basename(name))) return;
    const path = join(dir, name);
    let s: Stats | undefined;
    try {
      s = statSync(path);
    } catch {
      // removed
    }
    if (!s) {
      stamps.delete(path);
      if (folders.has(path)) {
        remove(path);
        folder.names.delete(name);
        onEvent('unlinkDir', path);
      } else if (folder.names.delete(name)) onEvent('unlink', path);
      return;
    }
    if (s.isDirectory()) {
      if (folders.has(path)) return; // its own times changed: its entries report themselves
      folder.names.add(name);
      add(path);
      onEvent('addDir', path);
      return;
    }
    // An editor's save truncates, then writes: the truncate's event is not reported (a build
    // reading the empty post would fall back to a full build); the write's event follows. A file
    // left empty is still seen by the next request's walk.
    if (s.size === 0) return;
    const stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    if (stamps.get(path) === stamp) return;
    stamps.set(path, stamp);
    const known = folder.names.has(name);
    folder.names.add(name);
    onEvent(known ? 'change' : 'add', path);
  };

  for (const root of roots) add(root);
  return {
    close: () => {
      closed = true;
      for (const folder of folders.values()) folder.watcher.close();
      folders.clear();
    },
  };
}

// The dev watcher: chokidar over the inputs, following symbolic links as the build (fast-glob)
// does. Its events only say where to look again: a missed or merged event cannot leave a stale
// page (the session compares the files' stamps, and a request walks every input: snapshot.ts).
import { existsSync } from 'node:fs';
import { basename, dirname, sep } from 'node:path';
import { watch } from 'chokidar';
import { isScratchFile } from './snapshot.ts';

/** chokidar's names: what happened to `path`. */
export type WatchEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface TreeWatcher {
  /** Resolves once the trees are read and every later change is reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches everything under `roots`; scratch files (snapshot.ts) are ignored, as the session
 * ignores them. chokidar watches only paths that exist, so it watches the nearest existing
 * folder above each root and ignores what is not a root, under one, or on the way to one: a root
 * made (or removed and made again) later is then an ordinary folder added.
 */
export function watchTrees(roots: string[], onEvent: (event: WatchEvent, path: string) => void, onError: (error: Error) => void): TreeWatcher {
  const existing = (path: string): string => (existsSync(path) ? path : existing(dirname(path)));
  const ignored = (path: string) => {
    if (roots.some((root) => root === path || root.startsWith(path + sep))) return false;
    return !roots.some((root) => path.startsWith(root + sep)) || isScratchFile(basename(path));
  };
  const watcher = watch([...new Set(roots.map((root) => existing(dirname(root))))], { ignoreInitial: true, ignored });
  watcher.on('all', (event, path) => onEvent(event as WatchEvent, path));
  watcher.on('error', (error) => onError(error instanceof Error ? error : new Error(String(error))));
  return { ready: new Promise((resolve) => watcher.once('ready', () => resolve())), close: () => watcher.close() };
}

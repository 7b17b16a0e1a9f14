// The dev watcher: chokidar over the inputs, following symbolic links as the build (fast-glob)
// does, waiting for a root that does not exist yet. Its events only say where to look again: a
// missed or merged event cannot leave a stale page (the session compares the files' stamps, and
// a request walks every input: snapshot.ts).
import { existsSync, watch as fsWatch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
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
 * ignores them. chokidar watches only paths that exist (and one missing root silences it): a
 * missing root is waited for from its nearest existing parent, and handed to chokidar (`addDir`)
 * once it is made, again after it is removed.
 */
export function watchTrees(roots: string[], onEvent: (event: WatchEvent, path: string) => void, onError: (error: Error) => void): TreeWatcher {
  const watcher = watch(roots.filter((root) => existsSync(root)), { ignoreInitial: true, ignored: (path) => isScratchFile(basename(path)) });
  const waiting = new Map<string, FSWatcher>();
  let closed = false;
  const awaitRoot = (root: string) => {
    if (closed || waiting.has(root)) return;
    if (existsSync(root)) {
      watcher.add(root);
      onEvent('addDir', root);
      return;
    }
    let parent = dirname(root);
    while (!existsSync(parent)) parent = dirname(parent);
    try {
      waiting.set(root, fsWatch(parent, () => {
        waiting.get(root)?.close();
        waiting.delete(root);
        awaitRoot(root); // made, or a folder nearer to it was
      }));
    } catch (error) {
      onError(error as Error);
    }
  };
  watcher.on('all', (event, path) => {
    onEvent(event as WatchEvent, path);
    if (event === 'unlinkDir' && roots.includes(path)) {
      watcher.unwatch(path);
      awaitRoot(path);
    }
  });
  watcher.on('error', (error) => onError(error instanceof Error ? error : new Error(String(error))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  for (const root of roots) if (!existsSync(root)) awaitRoot(root);
  return {
    ready,
    close: async () => {
      closed = true;
      for (const waiter of waiting.values()) waiter.close();
      await watcher.close();
    },
  };
}

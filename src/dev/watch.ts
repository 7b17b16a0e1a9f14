// The dev watcher: chokidar over the inputs, following symbolic links as the build (fast-glob)
// does, waiting for a root that does not exist yet. Its events only say where to look again: a
// missed or merged event cannot leave a stale page (the session compares the files' stamps, and
// a request walks every input: snapshot.ts).
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { watch } from 'chokidar';
import { isScratchFile } from './snapshot.ts';

/** chokidar's names: what happened to `path`. */
export type WatchEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface TreeWatcher {
  /** Resolves once the trees are read and every later change is reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Watches everything under `roots`; scratch files (snapshot.ts) are ignored, as the session ignores them. */
export function watchTrees(roots: string[], onEvent: (event: WatchEvent, path: string) => void, onError: (error: Error) => void): TreeWatcher {
  const watcher = watch(roots, { ignoreInitial: true, ignored: (path) => isScratchFile(basename(path)) });
  watcher.on('all', (event, path) => {
    if (event === 'change' && isEmpty(path)) return; // an editor's save truncates first: its write is the next event
    onEvent(event as WatchEvent, path);
  });
  watcher.on('error', (error) => onError(error instanceof Error ? error : new Error(String(error))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return { ready, close: () => watcher.close() };
}

function isEmpty(path: string): boolean {
  try {
    return statSync(path).size === 0;
  } catch {
    return false;
  }
}

// The caches a command builds with: `build` keeps them in files under .stitch/cache; `dev` in
// memory for the life of the session, its first build reading (and filling) the files; `check`
// none, so it reports from the sources alone.
import { relative } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { noCaches, type Caches } from './cache.ts';
import { FileCaches } from './file-cache.ts';
import { MemoryCaches } from './memory-cache.ts';

type CacheConfig = Pick<ResolvedConfig, 'root' | 'contentDir' | 'cacheDir'>;

/** The file caches of a project, in .stitch/cache/, one set per content folder. */
export function fileCaches(config: CacheConfig): FileCaches {
  // Relative to the project, so a checkout elsewhere (or a CI cache restore) still hits.
  return new FileCaches(`${config.cacheDir}/cache`, relative(config.root, config.contentDir) || '.');
}

export function cachesFor(command: 'build' | 'dev' | 'check', config: CacheConfig): Caches {
  if (command === 'check') return noCaches;
  if (command === 'dev') return new MemoryCaches(fileCaches(config));
  return fileCaches(config);
}

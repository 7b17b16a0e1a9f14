// A snapshot of the files a build reads (path → mtime and size). Comparing snapshots tells
// exactly which files changed, were added or removed: the watcher only says "look again",
// so a missed or merged file event can never leave a stale page behind.
import { existsSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';

export type Snapshot = Map<string, string>;

export interface SnapshotRoot {
  dir: string;
  /** Record only which files exist, not their times (their contents do not matter). */
  namesOnly?: boolean;
}

/** Editor droppings that are not content: swap, backup and lock files. */
export function isScratchFile(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~') || /\.(swp|swx|tmp|crswap)$/.test(name) || /^\d+$/.test(name);
}

/** What a snapshot records of a file: it changed when this did. */
function stamp(s: Stats): string {
  return `${s.mtimeMs}:${s.size}:${s.ino}`;
}

/** The file's stats, following links; undefined when it is missing or unreadable (a dangling or looping link). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export function takeSnapshot(roots: SnapshotRoot[]): Snapshot {
  const out: Snapshot = new Map();
  // Symbolic links are followed, as the build (fast-glob) follows them; a link to a folder it
  // is in is followed once (`above`: the real paths of the folders being walked).
  const walk = (dir: string, namesOnly: boolean, above: Set<string>) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (isScratchFile(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, namesOnly, above);
      else if (entry.isSymbolicLink() && statOf(path)?.isDirectory()) {
        const real = realpathSync(path);
        if (!above.has(real)) walk(path, namesOnly, new Set(above).add(real));
      } else {
        // undefined: deleted between readdir and stat (or a dangling link), so it is gone
        const stats = namesOnly ? undefined : statOf(path);
        if (namesOnly || stats) out.set(path, stats ? stamp(stats) : '');
      }
    }
  };
  for (const root of roots) {
    if (existsSync(root.dir)) walk(root.dir, root.namesOnly ?? false, new Set([realpathSync(root.dir)]));
  }
  return out;
}

/**
 * The given paths (the watcher's reports) as takeSnapshot would record them now: a stamp, or
 * undefined when the file is gone. A few stats instead of a walk of thousands of files. Paths
 * outside the roots, and scratch files, are left out as takeSnapshot leaves them out.
 */
export function look(roots: SnapshotRoot[], paths: Iterable<string>): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const path of paths) {
    const root = roots.find((r) => path.startsWith(r.dir + sep));
    if (!root || relative(root.dir, path).split(sep).some(isScratchFile)) continue;
    const s = statOf(path);
    out.set(path, s?.isFile() ? (root.namesOnly ? '' : stamp(s)) : undefined);
  }
  return out;
}

/** The paths added, removed or modified between two snapshots, each with its stamp in `after` (undefined: removed). */
export function changes(before: Snapshot, after: Snapshot): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const [path, stamp] of after) if (before.get(path) !== stamp) out.set(path, stamp);
  for (const path of before.keys()) if (!after.has(path)) out.set(path, undefined);
  return out;
}

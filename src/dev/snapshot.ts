// A snapshot of the files a build reads (path → mtime and size). Comparing snapshots tells
// exactly which files changed, were added or removed: the watcher only says "look again",
// so a missed or merged file event can never leave a stale page behind.
import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
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
export function stamp(s: Stats): string {
  return `${s.mtimeMs}:${s.size}:${s.ino}`;
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
      else if (entry.isSymbolicLink() && isFolder(path)) {
        const real = realOf(path);
        if (!above.has(real)) walk(path, namesOnly, new Set(above).add(real));
      } else if (namesOnly) out.set(path, '');
      else {
        try {
          const s = statSync(path);
          out.set(path, stamp(s));
        } catch {
          // deleted between readdir and stat (or a dangling link): it is gone
        }
      }
    }
  };
  for (const root of roots) walk(root.dir, root.namesOnly ?? false, new Set([realOf(root.dir)]));
  return out;
}

/** Whether `path` is a folder (through links); false when it is missing. */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
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
    let s: Stats | undefined;
    try {
      s = statSync(path);
    } catch {
      // gone
    }
    out.set(path, s?.isFile() ? (root.namesOnly ? '' : stamp(s)) : undefined);
  }
  return out;
}

/** `snapshot` with what `look` found put in (changed in place, and returned). */
export function apply(snapshot: Snapshot, looked: Map<string, string | undefined>): Snapshot {
  for (const [path, stamp] of looked) {
    if (stamp === undefined) snapshot.delete(path);
    else snapshot.set(path, stamp);
  }
  return snapshot;
}

/** Paths added, removed or modified between two snapshots (among `only`, when given). */
export function changedPaths(before: Snapshot, after: Snapshot, only?: Iterable<string>): string[] {
  const out: string[] = [];
  if (only) {
    for (const path of new Set(only)) if (before.get(path) !== after.get(path)) out.push(path);
    return out.sort();
  }
  for (const [path, sig] of after) if (before.get(path) !== sig) out.push(path);
  for (const path of before.keys()) if (!after.has(path)) out.push(path);
  return out.sort();
}

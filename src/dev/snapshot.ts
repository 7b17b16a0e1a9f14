// A snapshot of the files a build reads (path → mtime and size). Comparing snapshots tells
// exactly which files changed, were added or removed: the watcher only says "look again",
// so a missed or merged file event can never leave a stale page behind.
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

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

export function takeSnapshot(roots: SnapshotRoot[]): Snapshot {
  const out: Snapshot = new Map();
  const walk = (dir: string, namesOnly: boolean) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (isScratchFile(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, namesOnly);
      else if (namesOnly) out.set(path, '');
      else {
        try {
          const s = statSync(path);
          out.set(path, stamp(s));
        } catch {
          // deleted between readdir and stat: it is gone
        }
      }
    }
  };
  for (const root of roots) walk(root.dir, root.namesOnly ?? false);
  return out;
}

/** `snapshot` with the given files looked at again (the only ones a build read). */
export function restat(snapshot: Snapshot, paths: string[]): Snapshot {
  const out = new Map(snapshot);
  for (const path of paths) {
    try {
      const s = statSync(path);
      out.set(path, stamp(s));
    } catch {
      out.delete(path);
    }
  }
  return out;
}

/** Paths added, removed or modified between two snapshots. */
export function changedPaths(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [path, sig] of after) if (before.get(path) !== sig) out.push(path);
  for (const path of before.keys()) if (!after.has(path)) out.push(path);
  return out.sort();
}

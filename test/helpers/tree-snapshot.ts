// A folder's whole content as a map, for "byte-identical afterwards" assertions.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Every entry under `dir` (symlinks not followed): path → hash of its contents, 'dir', or its link target. */
export function treeSnapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const s = lstatSync(p);
      if (s.isSymbolicLink()) out.set(p.slice(dir.length), `link ${readlinkSync(p)}`);
      else if (s.isDirectory()) {
        out.set(p.slice(dir.length), 'dir');
        walk(p);
      } else out.set(p.slice(dir.length), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

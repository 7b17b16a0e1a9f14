// The engine's version, part of every cache key: the stitch version, the source of every engine
// module, what npm installed (every package's version, from its lockfile) and the project's
// patches of them (patches/). Any change to one of them gives a new version, so a cached output
// never outlives the code that made it. One version for the whole engine: only a change to
// stitch itself (an upgrade, an install, work on src/) changes it, and then every cache misses once.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine version of the stitch checkout at `root`: its version, src/, installed packages and patches/. */
export function engineVersionOf(root: string): string {
  const hash = createHash('sha256').update(`stitch ${stitchVersion(root)}\n`);
  // npm's record of what node_modules holds, else the lockfile it was installed from.
  for (const file of ['node_modules/.package-lock.json', 'package-lock.json']) hash.update(`${file} ${digest(join(root, file))}\n`);
  for (const file of [...filesIn(join(root, 'src')), ...filesIn(join(root, 'patches'))]) hash.update(`${relative(root, file)} ${digest(file)}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** The files under `dir`, sorted; none when it is missing. */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  } catch {
    return [];
  }
}

/** package.json's `version` alone: its scripts and the rest do not shape an output (dependencies are in the lockfiles). */
function stitchVersion(root: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? 'none';
  } catch {
    return 'none';
  }
}

function digest(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'none';
  }
}

/** This engine's version, computed once as the module loads: the code running is the code that was loaded. */
export const engineVersion = engineVersionOf(join(dirname(fileURLToPath(import.meta.url)), '..', '..'));

// The disk writer's commit (incremental-writer.ts): a staging folder beside the output folder is
// filled with the complete new output, then swapped in with two renames (output → `-old`,
// staging → output). A build killed at any moment leaves either the previous output or the
// new one, never a mix. What a killed build leaves beside the output (its staging folder, or
// the previous output parked as `-old` with the output folder missing) is put right by
// recoverOutput() at the next start.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A fresh staging folder name for `outDir`: `.dist-staging-<pid>-<ms>` beside it. */
export function stagingFolder(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}-staging-${process.pid}-${Date.now()}`);
}

/**
 * Test-only fault injection: `STITCH_KILL_AT=<point>` makes the process SIGKILL itself at that
 * point of a commit, as `kill -9` would (test/engine/output-crash.test.ts).
 */
function commitPoint(point: 'staged' | 'dirty' | 'moved-out' | 'swapped'): void {
  if (process.env.STITCH_KILL_AT === point) process.kill(process.pid, 'SIGKILL');
}

/**
 * Swaps the complete output in `staging` in place of `outDir`. `beforeSwap` runs when nothing
 * has moved yet, `afterSwap` once the new output is in place (the incremental writer marks its
 * manifest dirty and clean there). On a failed rename the previous output is put back.
 */
export async function swapIn(staging: string, outDir: string, hooks: { beforeSwap?: () => Promise<void>; afterSwap?: () => Promise<void> } = {}): Promise<void> {
  await mkdir(staging, { recursive: true });
  commitPoint('staged');
  await hooks.beforeSwap?.();
  commitPoint('dirty');
  const old = `${staging}-old`;
  const moved = existsSync(outDir);
  if (moved) await rename(outDir, old);
  commitPoint('moved-out');
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (moved) await rename(old, outDir).catch(() => undefined);
    throw error;
  }
  commitPoint('swapped');
  await hooks.afterSwap?.();
  await rm(old, { recursive: true, force: true, maxRetries: 3 });
}

interface Leftover {
  path: string;
  pid: number;
  ms: number;
  old: boolean;
}

/** Staging and `-old` folders of earlier commits of `outDir` (any process). */
function leftovers(outDir: string): Leftover[] {
  const prefix = `.${basename(outDir)}-staging-`;
  let names: string[];
  try {
    names = readdirSync(dirname(outDir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (!name.startsWith(prefix)) return [];
    const m = /^(\d+)-(\d+)(-old)?$/.exec(name.slice(prefix.length));
    return m ? [{ path: join(dirname(outDir), name), pid: Number(m[1]), ms: Number(m[2]), old: Boolean(m[3]) }] : [];
  });
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Puts right what killed builds left beside `outDir`. Folders of a running process (another
 * build, or this one) are left alone. When the output folder is missing and a dead build
 * parked the previous output as `-old`, that output is put back (the newest, if several);
 * every other leftover of a dead build is removed. Never throws.
 */
export async function recoverOutput(outDir: string): Promise<void> {
  const dead = leftovers(outDir).filter((l) => !alive(l.pid));
  if (!existsSync(outDir)) {
    const parked = dead.filter((l) => l.old).sort((a, b) => b.ms - a.ms)[0];
    if (parked) {
      dead.splice(dead.indexOf(parked), 1);
      // Kept where it is when it cannot be moved: the build's own write reports the folder.
      await rename(parked.path, outDir).catch(() => undefined);
    }
  }
  // Best effort: a leftover that cannot be removed costs space, not correctness.
  for (const l of dead) await rm(l.path, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
}

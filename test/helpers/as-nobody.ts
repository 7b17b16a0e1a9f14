// Tests of permissions: root reads and writes everything, so when the tests run as root the CLI
// runs as nobody (uid 65534) on a project handed to that user.
import { chmodSync, lchownSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const NOBODY = 65534;
export const asRoot = process.getuid?.() === 0;

/** Hands `dir` to the user the CLI runs as (node_modules, a link, is left as it is). */
export function giveAway(dir: string): void {
  if (!asRoot) return;
  const walk = (d: string) => {
    lchownSync(d, NOBODY, NOBODY);
    if (!statSync(d).isDirectory() || d.endsWith('node_modules')) return;
    for (const name of readdirSync(d)) walk(join(d, name));
  };
  chmodSync(dir, 0o755);
  walk(dir);
}

/** spawnSync's options that run the child as that user. */
export const asNobody = asRoot ? { uid: NOBODY, gid: NOBODY } : {};

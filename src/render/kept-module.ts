// A bundled server module kept in .stitch/server/ under its code's hash (a new file for new code:
// `stitch dev` imports template edits without restarting Node), and the data exports a build
// needs of it beside it as JSON sealed with the hash: a warm build that needs only those never
// imports the module and React (measured: 0.66–0.70 against 0.78–0.87 s of CPU, warm real site).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { readSealed, writeSealed } from '../cache/file-cache.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';

export interface KeptModule<M, F> {
  /** The first `hashLength` hex digits of the code's sha256. */
  hash: string;
  /** The module's file (workers import it too). */
  file: string;
  facts: F;
  /** The module, imported on first call. */
  load(): Promise<M>;
}

/** `factsOf` picks the data exports of the loaded module; `isFacts` says whether JSON read back is them (damaged: made again). */
export async function keptModule<M, F>(dir: string, name: string, code: string, hashLength: number, factsOf: (module: M) => F, isFacts: (value: unknown) => boolean): Promise<KeptModule<M, F>> {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, hashLength);
  await mkdir(dir, { recursive: true });
  const file = `${dir}/${name}-${hash}.mjs`;
  // Atomic: a killed build leaves no torn module; one damaged since is written again.
  if (!sameBytes(file, code)) await writeFileAtomic(file, code);
  let loaded: Promise<M> | undefined;
  const load = () => (loaded ??= import(pathToFileURL(file).href) as Promise<M>);
  const factsFile = `${dir}/${name}-${hash}.json`;
  let facts = readFacts<F>(factsFile, hash, isFacts);
  if (!facts) {
    facts = factsOf(await load());
    writeSealed(factsFile, hash, JSON.stringify(facts));
  }
  return { hash, file, facts, load };
}

/** Whether `file` holds exactly `code` (a module is imported only when it is the bundle just made). */
export function sameBytes(file: string, code: string): boolean {
  try {
    return readFileSync(file).equals(Buffer.from(code, 'utf8'));
  } catch {
    return false;
  }
}

/** The facts kept beside a module (sealed with its hash), or undefined when there are none or they are damaged. */
function readFacts<F>(file: string, hash: string, isFacts: (value: unknown) => boolean): F | undefined {
  try {
    const facts: unknown = JSON.parse(readSealed(file, hash)!.toString('utf8'));
    return isFacts(facts) ? facts as F : undefined;
  } catch {
    return undefined;
  }
}

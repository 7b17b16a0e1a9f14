// Replaces a file atomically: the data goes to a temporary file beside it (same folder, so the
// same file system) that is then renamed over it. A reader — or a build killed half-way — sees
// the old file or the new one, never a mix; a failed write removes its temporary file and leaves
// the old file as it was.
//
// No fsync: what is written this way (caches, the output manifest, bundled engine modules) is
// safe to lose on a power cut, because every reader treats a missing, empty or torn file as
// absent (a cache miss, or a full write of the output). Syncing each would cost milliseconds
// per file on the warm path for no gain a killed process needs.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What can be written: text, bytes, or chunks (a large file need not be in memory twice). */
type FileData = string | Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/** A temporary name no other build (thread or process) writing the same file at once can have. */
function tempName(file: string): string {
  return `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** Writes `data` to `file` atomically, creating its folder when needed. */
export async function writeFileAtomic(file: string, data: FileData): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = tempName(file);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    // A write that fails part-way (ENOSPC) names no file: name it, so the error blames the right folder.
    const e = error as NodeJS.ErrnoException;
    if (e && typeof e === 'object' && e.code && !e.path) e.path = file;
    throw error;
  }
}

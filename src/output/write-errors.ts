// A file-system error while writing the output or the cache (no permission, a full disk, a
// read-only file system) is the environment's, not a bug: it gets a catalogue entry naming the
// folder, instead of "unexpected error".
import { basename, dirname, sep } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { displayDir } from './out-dir-guard.ts';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
};

/** The catalogue entry for a write error on the output or cache folder; undefined for others. */
export function writeErrorDiagnostic(error: unknown, config: ResolvedConfig): Diagnostic | undefined {
  const e = error as NodeJS.ErrnoException & { dest?: string };
  const reason = typeof e?.code === 'string' ? REASONS[e.code] : undefined;
  if (!reason) return undefined;
  const paths = [e.path, e.dest].filter((p): p is string => typeof p === 'string');
  const detail = `${reason} (${e.code}${paths[0] ? ` on ${paths[0]}` : ''})`;
  const under = (dir: string) => paths.some((p) => p === dir || p.startsWith(`${dir}${sep}`));
  if (under(config.cacheDir)) return errors.cacheNotWritable(displayDir(config.root, config.cacheDir), detail);
  const staging = `.${basename(config.outDir)}-staging-`;
  const output = under(config.outDir) || paths.some((p) => p === dirname(config.outDir) || p.startsWith(`${dirname(config.outDir)}${sep}${staging}`));
  // A full disk often comes without a path: the output is where the bulk of the bytes go.
  if (output || (paths.length === 0 && (e.code === 'ENOSPC' || e.code === 'EDQUOT'))) return errors.outputNotWritable(displayDir(config.root, config.outDir), detail);
  return undefined;
}

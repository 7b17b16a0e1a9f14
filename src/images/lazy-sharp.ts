// sharp, loaded when a photo is encoded or a card drawn, and its versions for the keys of the
// photo variants and the cards, read from the installed packages' files as `sharp.versions`
// reads them: a warm build with nothing to encode or draw never loads sharp (its native binding
// and libvips took 88-120 ms of CPU to load on a loaded 2-core machine; the real site's warm
// build takes 0.3 s). Where the files do
// not say for sure (sharp built from source; a glibc and a musl package both installed), sharp
// is loaded and asked.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

type SharpModule = typeof import('sharp').default;

/**
 * sharp, loaded on first use (Node keeps the module), with libvips' operation cache off for the
 * whole process: stitch never asks for the same operation twice, so the cache (up to 50 MB and
 * 100 operations) only held memory.
 */
export async function loadSharp(): Promise<SharpModule> {
  const sharp = (await import('sharp')).default;
  sharp.cache(false);
  return sharp;
}

export interface SharpVersions { sharp: string; vips: string }

/** `sharp.versions`' `sharp` and `vips`, without loading sharp when its packages tell them (a few small files read). */
export function sharpVersions(): SharpVersions {
  return fromPackages() ?? fromSharp();
}

function fromPackages(): SharpVersions | undefined {
  try {
    const sharpDir = packageDir(require.resolve('sharp'), 'sharp'); // resolving does not load it
    if (!sharpDir) return undefined;
    // Built from source: the binding may be linked against a global libvips.
    if (existsSync(join(sharpDir, 'src', 'build', 'Release'))) return undefined;
    const sharpRequire = createRequire(join(sharpDir, 'package.json'));
    const found: string[] = [];
    // sharp's runtime platform is `${platform}${libc}-${arch}`, libc '' for glibc and 'musl' for musl.
    for (const platform of [`${process.platform}-${process.arch}`, `${process.platform}musl-${process.arch}`]) {
      try {
        found.push(sharpRequire.resolve(`@img/sharp-libvips-${platform}/versions`));
      } catch {
        // not installed for this libc
      }
    }
    if (found.length !== 1) return undefined;
    const vips = (JSON.parse(readFileSync(found[0], 'utf8')) as { vips?: unknown }).vips;
    const sharp = (JSON.parse(readFileSync(join(sharpDir, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof vips === 'string' && typeof sharp === 'string' ? { sharp, vips } : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of package `name` that `file` is in (sharp exports no package.json to resolve). */
function packageDir(file: string, name: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === name) return dir;
  }
  return undefined;
}

function fromSharp(): SharpVersions {
  const { versions } = require('sharp') as { versions: { sharp: string; vips: string } };
  return { sharp: versions.sharp, vips: versions.vips };
}

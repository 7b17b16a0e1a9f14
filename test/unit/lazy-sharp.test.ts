// The photo variants' and cards' keys name sharp's and libvips's versions without loading sharp:
// they must be the versions sharp itself reports, or a libvips upgrade would keep stale variants.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSharp, sharpVersions } from '../../src/images/lazy-sharp.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('sharpVersions', () => {
  it('are the versions sharp reports', async () => {
    const { versions } = await loadSharp();
    expect(sharpVersions()).toEqual({ sharp: versions.sharp, vips: versions.vips });
  });
});

describe("libvips' operation cache", () => {
  // The cache is libvips' own, one per process: each way stitch loads sharp is tried in a
  // process of its own, which then reports the cache's limits (`sharp.cache()` with no argument
  // only reads them; sharp's default is 50 MB, 20 files, 100 operations).
  const limits = (load: string) => {
    const script = `${load}\nconst { default: sharp } = await import('sharp');\nconst { memory, files, items } = sharp.cache();\nprocess.stdout.write(JSON.stringify([memory.max, files.max, items.max]));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as number[];
  };

  it('is on when sharp is loaded as it comes (the control)', () => {
    expect(limits('')).not.toEqual([0, 0, 0]);
  });

  it('is off once the images load sharp (photo variants, the site card)', () => {
    expect(limits(`await (await import(${JSON.stringify(`${ROOT}/src/images/lazy-sharp.ts`)})).loadSharp();`)).toEqual([0, 0, 0]);
  });

  it('is off once a worker loads the card task', () => {
    expect(limits(`await import(${JSON.stringify(`${ROOT}/src/cards/draw-cards.ts`)});`)).toEqual([0, 0, 0]);
  });
});

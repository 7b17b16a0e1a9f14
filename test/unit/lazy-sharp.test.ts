// The photo variants' and cards' keys name sharp's and libvips's versions without loading sharp:
// they must be the versions sharp itself reports, or a libvips upgrade would keep stale variants.
import { describe, expect, it } from 'vitest';
import { loadSharp, sharpVersions } from '../../src/images/lazy-sharp.ts';

describe('sharpVersions', () => {
  it('are the versions sharp reports', async () => {
    const { versions } = await loadSharp();
    expect(sharpVersions()).toEqual({ sharp: versions.sharp, vips: versions.vips });
  });
});

// A photo's cache key is a hash of its bytes, remembered by the file's size, times and inode: an
// unchanged photo is not read again, and a replaced one is always hashed again — even with the
// same size and its old mtime put back (ctime cannot be).
import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SourceKeys } from '../../src/images/source-keys.ts';

const hash = (source: Buffer) => `key of ${source.toString()}`;

describe('photo source keys', () => {
  it('hash a photo once, then again only when its file changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stitch-sources-'));
    const photo = join(dir, 'a.jpg');
    writeFileSync(photo, 'AAAA');
    const first = await SourceKeys.open(dir, 'v1');
    expect(await first.key(photo, hash)).toMatchObject({ key: 'key of AAAA', size: 4 });
    await first.save();

    const keyOf = vi.fn(hash);
    const second = await SourceKeys.open(dir, 'v1');
    expect(await second.key(photo, keyOf)).toEqual({ key: 'key of AAAA', size: 4 });
    expect(keyOf).not.toHaveBeenCalled();

    // Same size, old mtime restored: still hashed again.
    const { atime, mtime } = statSync(photo);
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(photo, 'BBBB');
    utimesSync(photo, atime, mtime);
    expect((await (await SourceKeys.open(dir, 'v1')).key(photo, hash)).key).toBe('key of BBBB');
  });

  it('hash again under another encoder version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stitch-sources-'));
    const photo = join(dir, 'a.jpg');
    writeFileSync(photo, 'AAAA');
    const first = await SourceKeys.open(dir, 'v1');
    await first.key(photo, hash);
    await first.save();
    const keyOf = vi.fn(hash);
    await (await SourceKeys.open(dir, 'v2')).key(photo, keyOf);
    expect(keyOf).toHaveBeenCalledTimes(1);
  });
});

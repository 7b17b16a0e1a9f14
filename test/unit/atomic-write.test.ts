// The one atomic-write helper (src/fs/atomic-write.ts): a write that fails half-way leaves the
// old file as it was and no temporary file beside it.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/fs/atomic-write.ts';

const dir = mkdtempSync(join(tmpdir(), 'stitch-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the file and creates its folder', async () => {
    const file = join(dir, 'new/folder/file.txt');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, Buffer.from('two'));
    expect(readFileSync(file, 'utf8')).toBe('two');
  });

  it('a write that fails half-way leaves the old file whole and no temporary file', async () => {
    const file = join(dir, 'manifest.json');
    writeFileSync(file, 'the old contents');
    async function* chunks() {
      yield Buffer.from('the first half of the new contents, ');
      throw new Error('disk full');
    }
    await expect(writeFileAtomic(file, chunks())).rejects.toThrow('disk full');
    expect(readFileSync(file, 'utf8')).toBe('the old contents');
    expect(readdirSync(dir).filter((f) => f.startsWith('manifest'))).toEqual(['manifest.json']);
  });

  it('a file that cannot be put in place leaves no temporary file', async () => {
    const target = join(dir, 'a-folder');
    await writeFileAtomic(join(target, 'inside'), 'x');
    // Renaming a file over a non-empty folder fails.
    await expect(writeFileAtomic(target, 'y')).rejects.toThrow();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

// A content file that is not UTF-8 (a post saved as Latin-1) or holds a NUL byte is an error at
// its line and column with a hint to save it as UTF-8 (issue 25, item 5); it used to build with
// "Caf�" in the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePostFile } from '../../src/content/parse-post-file.ts';
import { buildSite, contentTree, ROOT } from '../helpers/build-site.ts';

const front = (title: string) => `---\ntitle: "${title}"\ndescription: "A post saved by an editor that does not write UTF-8, long enough to pass."\ndate: 2025-01-02\nauthor: The Shop Team\ntags: [leather]\n---\n`;

async function errorsOf(file: string, bytes: Buffer) {
  const dir = contentTree({}, 'test/fixtures/mini');
  writeFileSync(join(dir, file), bytes);
  const result = await buildSite(dir);
  return { ok: result.ok, errors: result.state.diagnostics.filter((d) => d.severity === 'error') };
}

describe('content files that are not UTF-8 text', () => {
  it('a Latin-1 post: an error at the byte, with a hint to save as UTF-8', async () => {
    // A real "�" (U+FFFD, three UTF-8 bytes) earlier in the file is text, not the error.
    const text = Buffer.concat([Buffer.from(`${front('Café Chair')}Kept \ufffd as it is.\n\nThe `), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from(' Chair.\n')]);
    const { ok, errors } = await errorsOf('blog/cafe-chair.md', text);
    expect(ok).toBe(false);
    expect(errors).toEqual([expect.objectContaining({ code: 'EncodingError', file: expect.stringMatching(/blog\/cafe-chair\.md$/), line: 10, column: 8 })]);
    expect(errors[0].message).toContain('the byte 0xE9');
    expect(errors[0].hint).toContain('Save the file as UTF-8');
    // stitch dev's rebuild of one edited post, given the text as Node decodes it, leaves it to the full build.
    const dir = contentTree({}, 'test/fixtures/mini');
    expect(parsePostFile(ROOT, dir, join(dir, 'blog/cafe-chair.md'), text.toString('utf8'))).toBeUndefined();
    expect(parsePostFile(ROOT, dir, join(dir, 'blog/first-post.md'), readFileSync(join(dir, 'blog/first-post.md'), 'utf8'))).toBeDefined();
  });

  it('a NUL byte in a YAML file: an error at its line and column', async () => {
    const text = Buffer.from('items:\n  - name: Dana\n    text: "Great w\0rk on my seats."\n    rating: 5\n');
    const { ok, errors } = await errorsOf('testimonials.yaml', text);
    expect(ok).toBe(false);
    expect(errors).toEqual([expect.objectContaining({ code: 'EncodingError', file: expect.stringMatching(/testimonials\.yaml$/), line: 3, column: 19 })]);
    expect(errors[0].message).toContain('a NUL byte');
  });
});

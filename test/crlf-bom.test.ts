// Editors on Windows save files with CRLF line endings and sometimes a UTF-8 byte order mark:
// such content builds exactly as the LF original, and a problem in it is reported at the line
// and column the editor shows.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTree, fixtureFiles, buildSite, type SiteBuild } from './helpers/build-site.ts';
import { parseMarkdownSource, parseYamlSource } from '../src/content/parse-source.ts';

const windows = (text: string) => `\ufeff${text.replace(/\n/g, '\r\n')}`;

const dirs: string[] = [];
let lf: SiteBuild;
let crlf: SiteBuild;

beforeAll(async () => {
  const files = fixtureFiles('mini');
  const converted = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, windows(text)]));
  dirs.push(contentTree(files), contentTree(converted));
  lf = await buildSite(dirs[0]);
  crlf = await buildSite(dirs[1]);
}, 180_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('CRLF line endings and a BOM', () => {
  it('every file of the mini fixture saved with CRLF and a BOM builds identically to LF', () => {
    expect(crlf.state.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(crlf.ok).toBe(true);
    expect([...crlf.writer.files.keys()].sort()).toEqual([...lf.writer.files.keys()].sort());
    for (const [path, contents] of lf.writer.files) {
      expect(Buffer.from(crlf.writer.files.get(path)!).equals(Buffer.from(contents)), path).toBe(true);
    }
  });

  it('a post with CRLF reads its numbers and paths without the \\r', () => {
    const text = windows('---\ntitle: T\ndescription: D\ndate: 2025-10-28\nauthor: A\ntags: [a]\ncoverImage: /images/x.jpg\nreadingTime: 7\n---\nBody\n');
    const { parsed, diagnostics } = parseMarkdownSource('post.md', text);
    expect(diagnostics).toEqual([]);
    expect(parsed!.doc.data).toMatchObject({ readingTime: 7, coverImage: '/images/x.jpg' });
    expect(parsed!.body).toBe('Body\n');
  });

  it('positions in a CRLF file with a BOM are the lines and columns an editor shows', () => {
    const yaml = parseYamlSource('site.yaml', windows('name: Shop\nname: Other\n'));
    expect(yaml.diagnostics[0]).toMatchObject({ file: 'site.yaml', line: 2 });
    const located = parseYamlSource('x.yaml', windows('a: 1\nb:\n  c: wrong\n')).doc!;
    expect(located.locate(['b', 'c'])).toEqual({ line: 3, column: 6 });
    expect(located.locate(['a'])).toEqual({ line: 1, column: 4 });
    const md = parseMarkdownSource('p.md', windows('---\ntitle: T\ndate: nope\n---\nBody\n')).parsed!;
    expect(md.doc.locate(['date'])).toEqual({ line: 3, column: 7 });
    expect(md.bodyLine).toBe(5);
  });
});

// A symbolic link never publishes a file from outside the project (issue 25, item 1): a link
// under site-assets/ or content/ that resolves outside the project is an error naming the
// link, in build and check, and nothing behind it is read or copied; links that resolve inside
// the project are followed as before. A --content folder outside the project is itself allowed.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.ts';
import { parsePostFile } from '../../src/content/parse-post-file.ts';
import { contentTree, ROOT } from '../helpers/build-site.ts';
import { runCli } from '../helpers/run-cli.ts';
import { perfProject, syntheticPost, type PerfProject } from '../perf-project.ts';

const SECRET = 'OUTSIDE-SECRET-7f3a';
let project: PerfProject;
let outside: string;

beforeAll(async () => {
  project = await perfProject(0);
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'stitch-outside-')));
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  mkdirSync(join(outside, 'dir'));
  writeFileSync(join(outside, 'dir/leak.txt'), SECRET);
  writeFileSync(join(outside, 'post.md'), syntheticPost(1, SECRET));
  mkdirSync(join(outside, 'posts'));
  writeFileSync(join(outside, 'posts/far-post.md'), syntheticPost(2, SECRET));
  // Inside the project, beside site-assets/ and content/.
  mkdirSync(join(project.root, 'shared/dir'), { recursive: true });
  writeFileSync(join(project.root, 'shared/inside.txt'), 'INSIDE-OK');
  writeFileSync(join(project.root, 'shared/dir/deep.txt'), 'INSIDE-DEEP');
  writeFileSync(join(project.root, 'shared/linked-post.md'), syntheticPost(3, 'LINKED-INSIDE'));
}, 120_000);

const OUT_LINKS = ['site-assets/h.txt', 'site-assets/etcdir', 'content/blog/leak.md', 'content/blog/far'];

describe('symbolic links out of the project', () => {
  it('are errors naming each link, in build and check; nothing is read or copied', () => {
    const { root } = project;
    symlinkSync(join(outside, 'secret.txt'), join(root, 'site-assets/h.txt'));
    symlinkSync(join(outside, 'dir'), join(root, 'site-assets/etcdir'));
    symlinkSync(join(outside, 'post.md'), join(root, 'content/blog/leak.md'));
    symlinkSync(join(outside, 'posts'), join(root, 'content/blog/far'));
    const built = project.build();
    expect(built.code).toBe(1);
    for (const link of OUT_LINKS) expect(built.stderr).toContain(`${link} is a symbolic link to ${realOutside(link)}, outside the project`);
    expect(built.stderr.match(/\[LinkOutsideProjectError\]/g)).toHaveLength(4);
    expect(built.stderr).not.toContain(SECRET);
    expect(built.stderr).not.toContain('probably a bug');
    expect(existsSync(project.out)).toBe(false);

    const checked = runCli(['check', '--content', 'content', '--format', 'json'], {}, root);
    expect(checked.code).toBe(1);
    const found = (JSON.parse(checked.stdout) as { diagnostics: { code: string; file: string }[] }).diagnostics.filter((d) => d.code === 'LinkOutsideProjectError');
    expect(found.map((d) => d.file).sort()).toEqual([...OUT_LINKS].sort());
    expect(checked.stdout).not.toContain(SECRET);
    for (const link of OUT_LINKS) rmSync(join(root, link));
  }, 120_000);

  it('links that resolve inside the project are followed: copied and published', () => {
    const { root } = project;
    symlinkSync(join(root, 'shared/inside.txt'), join(root, 'site-assets/inside.txt'));
    symlinkSync(join(root, 'shared/dir'), join(root, 'site-assets/insidedir'));
    symlinkSync(join(root, 'shared/linked-post.md'), join(root, 'content/blog/linked-post.md'));
    const built = project.build();
    expect(built.stderr).not.toContain('LinkOutsideProjectError');
    expect(built.code).toBe(0);
    expect(readFileSync(join(project.out, 'inside.txt'), 'utf8')).toBe('INSIDE-OK');
    expect(readFileSync(join(project.out, 'insidedir/deep.txt'), 'utf8')).toBe('INSIDE-DEEP');
    expect(readFileSync(join(project.out, 'blog/linked-post/index.html'), 'utf8')).toContain('/blog/linked-post');
  }, 120_000);

  it('a --content folder outside the project may link within itself, not out of it', async () => {
    const dir = contentTree({ 'store/kept.md': syntheticPost(4) }, 'test/fixtures/mini');
    symlinkSync(join(dir, 'store/kept.md'), join(dir, 'blog/kept.md'));
    symlinkSync(join(outside, 'post.md'), join(dir, 'blog/leak.md'));
    const { graph, diagnostics } = await loadContent(ROOT, dir, join(ROOT, 'site-assets'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'LinkOutsideProjectError', file: join(dir, 'blog/leak.md') }),
    ]);
    expect(graph?.posts.map((p) => p.slug)).toContain('kept');
    expect(graph?.posts.map((p) => p.slug)).not.toContain('leak');
    // stitch dev's rebuild of one edited post follows the same rule (the full build then reports the link).
    expect(parsePostFile(ROOT, dir, join(dir, 'blog/kept.md'), syntheticPost(4))?.slug).toBe('kept');
    expect(parsePostFile(ROOT, dir, join(dir, 'blog/leak.md'), syntheticPost(1))).toBeUndefined();
  });
});

/** Where an out-link points, as the message names it (the temp folder may itself be a link). */
function realOutside(link: string): string {
  const target = { 'site-assets/h.txt': 'secret.txt', 'site-assets/etcdir': 'dir', 'content/blog/leak.md': 'post.md', 'content/blog/far': 'posts' }[link]!;
  return join(outside, target);
}

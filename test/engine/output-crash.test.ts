// A build killed with SIGKILL at any moment of its commit leaves the previous output (or, once
// swapped, the complete new one), never a mix; the next start puts back what it parked and
// removes its staging folders. The kill points are named in src/output/output-swap.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';
import { perfProject, syntheticPost, type PerfProject } from '../perf-project.ts';
import { treeSnapshot } from '../helpers/tree-snapshot.ts';

const leftovers = (root: string) => readdirSync(root).filter((n) => n.includes('-staging-'));

let project: PerfProject;

/** `stitch build` in the project, killed at `killAt` when given. */
function build(killAt?: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), 'build', '--content', 'content', '--out', 'dist'], {
    cwd: project.root,
    env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600', FORCE_COLOR: '0', ...(killAt ? { STITCH_KILL_AT: killAt } : {}) },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, signal: r.signal, stderr: r.stderr };
}

const v1 = (i: number) => syntheticPost(i);
const v2 = (i: number) => syntheticPost(i, `Edited ${i}.`);

function setContent(version: (i: number) => string, broken = false) {
  for (let i = 0; i < 4; i++) project.write(`content/blog/synthetic-${i}.md`, version(i));
  if (broken) project.write('content/blog/broken.md', '---\ntitle: [unclosed\n---\nx');
  else rmSync(join(project.content, 'blog/broken.md'), { force: true });
}

beforeAll(async () => {
  project = await perfProject(0);
}, 120_000);

describe('a build killed during its commit', () => {
  it('SIGKILL at the moment the manifest is dirty (and at every other point) leaves the previous dist byte-identical', () => {
    setContent(v1);
    expect(build().code).toBe(0);
    const previous = treeSnapshot(project.out);
    for (const point of ['staged', 'dirty', 'moved-out']) {
      // An incremental build (the manifest is clean) that changes four posts, killed mid-commit.
      setContent(v2);
      const killed = build(point);
      expect(killed.signal, point).toBe('SIGKILL');
      // Killed between the two renames: the previous output is parked beside the missing dist/.
      if (point === 'moved-out') expect(existsSync(project.out)).toBe(false);
      // The next start puts things right; a failing build then leaves the previous dist as it was.
      setContent(v2, true);
      expect(build().code, point).toBe(1);
      expect(treeSnapshot(project.out), point).toEqual(previous);
      expect(leftovers(project.root), point).toEqual([]);
      // Back to v1 with a clean manifest for the next point.
      setContent(v1);
      expect(build().code, point).toBe(0);
      expect(treeSnapshot(project.out), point).toEqual(previous);
    }
  }, 600_000);

  it('killed once the new output is swapped in, dist is the complete new output', () => {
    setContent(v2);
    expect(build('swapped').signal).toBe('SIGKILL');
    const swapped = treeSnapshot(project.out);
    const next = build();
    expect(next.code, next.stderr).toBe(0);
    expect(leftovers(project.root)).toEqual([]);
    expect(treeSnapshot(project.out)).toEqual(swapped);
  }, 300_000);

  it('staging folders of dead builds are removed at the next start', () => {
    // A process that has exited: its pid names the leftovers.
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    for (const name of [`.dist-staging-${dead}-1`, `.dist-staging-${dead}-2-old`]) {
      mkdirSync(join(project.root, name, 'blog'), { recursive: true });
      writeFileSync(join(project.root, name, 'blog/index.html'), 'stale');
    }
    expect(leftovers(project.root)).toHaveLength(2);
    expect(build().code).toBe(0);
    expect(leftovers(project.root)).toEqual([]);
  }, 300_000);
});

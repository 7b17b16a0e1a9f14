// A file or folder the build's user cannot read is named with "cannot be read", exit 1 (issue 25,
// item 3): an unreadable post used to be left out in silence, an unreadable YAML file reported
// as missing, an unreadable folder or asset an InternalError EACCES. Run as uid 65534 when the
// tests run as root (root reads everything), as write-errors.test.ts does.
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNobody, giveAway } from '../helpers/as-nobody.ts';
import { ROOT } from '../helpers/build-site.ts';
import { perfProject, type PerfProject } from '../perf-project.ts';

let project: PerfProject;

function run(command: 'build' | 'check') {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/stitch.js'), command, '--content', 'content', ...(command === 'build' ? ['--out', 'dist'] : [])], {
    cwd: project.root,
    env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600', FORCE_COLOR: '0', STITCH_DEBUG: '' },
    encoding: 'utf8',
    timeout: 120_000,
    ...asNobody,
  });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}

const UNREADABLE = [
  'The file content/blog/first-post.md cannot be read: permission denied (EACCES).',
  'The file content/testimonials.yaml cannot be read: permission denied (EACCES).',
  'The folder content/locations cannot be read: permission denied (EACCES).',
  'The file site-assets/images/logo.png cannot be read: permission denied (EACCES).',
];

beforeAll(async () => {
  project = await perfProject(0);
  giveAway(project.root);
  for (const path of ['content/blog/first-post.md', 'content/testimonials.yaml', 'content/locations', 'site-assets/images/logo.png']) chmodSync(join(project.root, path), 0o000);
}, 120_000);

describe('files and folders that cannot be read', () => {
  for (const command of ['build', 'check'] as const) {
    it(`${command}: each is named as unreadable, exit 1`, () => {
      const r = run(command);
      expect(r.code).toBe(1);
      for (const message of UNREADABLE) expect(r.out).toContain(message);
      expect(r.out).not.toContain('Missing file: content/testimonials.yaml');
      expect(r.out).not.toContain('probably a bug');
      expect(r.out).not.toContain('InternalError');
    }, 120_000);
  }
});

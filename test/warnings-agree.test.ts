// One rule set and one count: `stitch build`, `stitch check` and `stitch dev` report the same
// warnings on the same content (they gave 3, 51 and 1 on the real site), each at its line; a
// description over 160 only because stitch adds the Albuquerque suffix says so; and the shipped
// content passes its own strict check, as the README advises CI to run it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTree, ROOT } from './helpers/build-site.ts';
import { checkJson, runCli } from './helpers/run-cli.ts';

// 147 characters without "Albuquerque": 172 with the suffix.
const LONG = 'Seats, headliner, door panels, steering wheel, carpet and dash: what each upholstery upgrade changes in your car, and where to start on any budget.';
const POST = `---
title: Warnings Agree
description: "${LONG}"
date: 2025-10-01
author: The Shop Team
tags: [car-interior]
---
A plain [http link](http://example.com/page) to a site.

<div>Raw HTML is dropped.</div>

![](/images/logo.png)
`;
const OTHER = POST.replace('title: Warnings Agree', 'title: Another Post').replace(LONG, 'A second post about car interiors in Albuquerque, for the warnings test.').replace('[car-interior]', '["Car Interior"]');

let dir: string;
let out: string;
beforeAll(() => {
  dir = contentTree({ 'blog/warnings-agree.md': POST, 'blog/another-post.md': OTHER }, 'test/fixtures/mini');
  out = mkdtempSync(join(tmpdir(), 'stitch-warnings-out-'));
  rmSync(out, { recursive: true });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

/** `file:line code` of every warning in the text format's report (`null:null` for the site's own). */
function textWarnings(report: string): string[] {
  return [...report.matchAll(/^ {2}(\S+?)(?::(\d+))?(?::\d+)? warning .*\[(\w+)\]$/gm)]
    .map((m) => `${m[1] === '(site)' ? 'null' : m[1]}:${m[2] ?? 'null'} ${m[3]}`).sort();
}

/** Starts `stitch dev`, waits for its first build, and returns what it printed. */
async function devOutput(): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/stitch.js'), 'dev', '--content', dir, '--port', '0', '--host', '127.0.0.1'], {
    cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', SOURCE_DATE_EPOCH: '1767225600' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stitch dev printed no URL:\n${text}`)), 90_000);
      const read = (s: string) => {
        text += s;
        if (/stitch dev\s+http:\/\//.test(text)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.setEncoding('utf8').on('data', read);
      child.stderr.setEncoding('utf8').on('data', read);
      child.once('exit', () => reject(new Error(`stitch dev exited:\n${text}`)));
    });
  } finally {
    child.kill('SIGINT');
    await exited;
  }
  return text;
}

describe('build, check and dev on one content tree', () => {
  let built: ReturnType<typeof runCli>;
  let checked: ReturnType<typeof checkJson>;
  let dev: string;
  beforeAll(async () => {
    built = runCli(['build', '--content', dir, '--out', out]);
    checked = checkJson(dir);
    dev = await devOutput();
  }, 300_000);

  it('report the same warnings, each at its file and line', () => {
    expect(built.code, built.stderr).toBe(0);
    const fromBuild = textWarnings(built.stderr);
    const fromCheck = checked.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.file}:${d.line} ${d.code}`).sort();
    const fromDev = textWarnings(dev);
    expect(dev).toMatch(/Built \d+ pages in \d+ ms\./);
    expect(dev).not.toContain('Build failed');

    const rel = (path: string) => join(dir, path).replace(`${ROOT}/`, '');
    for (const code of ['DescriptionLengthWarning', 'InsecureLinkWarning', 'RawHtmlWarning', 'ImageAltWarning', 'SimilarTagsWarning']) {
      expect(fromCheck.some((w) => w.endsWith(` ${code}`)), code).toBe(true);
    }
    expect(fromCheck).toContain(`${rel('blog/warnings-agree.md')}:3 DescriptionLengthWarning`);
    expect(fromBuild).toEqual(fromCheck);
    expect(fromDev).toEqual(fromCheck);
  });

  it('a description over 160 only with the suffix names its length as written and the suffix', () => {
    const [d] = checked.diagnostics.filter((x) => x.code === 'DescriptionLengthWarning' && x.file?.endsWith('warnings-agree.md'));
    expect(d).toMatchObject({ line: 3, column: 15 });
    expect(d.message).toContain('is 147 characters as written');
    expect(d.message).toContain('"Serving Albuquerque, NM."');
    expect(d.message).toContain('makes it 172 (over 160)');
    expect(d.hint).toContain('at most 135 characters');
  });
});

it('the shipped content passes `stitch check --strict`', () => {
  const r = runCli(['check', '--strict']);
  expect(r.stdout).toContain('0 errors, 0 warnings');
  expect(r.code, r.stdout).toBe(0);
}, 180_000);

// A throw-away project for cache and output tests: tiny templates of its own (so a test can
// change a template), the mini content fixture plus generated posts, and real images.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { ROOT } from './helpers/build-site.ts';
import { runCli, type CliResult } from './helpers/run-cli.ts';

const TEMPLATE_NAMES = ['home', 'about', 'gallery', 'category', 'service', 'detailing-list', 'detailing', 'locations', 'location', 'contact', 'blog-list', 'blog-archive', 'blog-post', 'legal', 'admin-rebuild', 'not-found'];

export function templatesSource(marker: string): string {
  return `import { createElement } from 'react';
const MARK = ${JSON.stringify(marker)};
function Page(props: any) {
  const post = props.post;
  return createElement('main', null,
    createElement('h1', null, MARK + ' ' + props.path),
    post ? createElement('article', { dangerouslySetInnerHTML: { __html: post.html } }) : null,
    props.related ? createElement('ul', null, props.related.map((r: any) => createElement('li', { key: r.id }, r.title))) : null,
    props.posts ? createElement('ol', null, props.posts.map((p: any) => createElement('li', { key: p.id }, p.title))) : null);
}
export const templates = Object.fromEntries(${JSON.stringify(TEMPLATE_NAMES)}.map((name) => [name, Page]));
`;
}

/** A post the fixture's generator writes; `i` varies title, tags and body. */
export function syntheticPost(i: number, extra = ''): string {
  const tags = ['leather', 'marine', 'foam', 'vinyl', 'stitching'];
  return `---
title: "Synthetic post ${i}"
description: "A generated post number ${i} about seats, foam and stitching for the cache tests."
date: 2024-01-${String((i % 28) + 1).padStart(2, '0')}
author: "Test Author"
tags: [${tags[i % 5]}, ${tags[(i + 2) % 5]}]
---
## Section ${i}

Paragraph ${i} with **bold**, *emphasis* and a [link](/about). ${extra}

- item one ${i}
- item two

\`\`\`js
const post = ${i};
\`\`\`
`;
}

export interface PerfProject {
  root: string;
  content: string;
  out: string;
  /** Runs `stitch build` in the project. */
  build(env?: NodeJS.ProcessEnv, args?: string[]): CliResult;
  /** Writes a file relative to the project root. */
  write(path: string, text: string): void;
  /** Every file of the output: path → contents. */
  files(): Map<string, string>;
}

export async function perfProject(posts = 0): Promise<PerfProject> {
  const root = mkdtempSync(join(tmpdir(), 'stitch-perf-'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(root, 'templates/islands'), { recursive: true });
  writeFileSync(join(root, 'templates/index.ts'), templatesSource('MARK-1'));
  const content = join(root, 'content');
  cpSync(join(ROOT, 'test/fixtures/mini'), content, { recursive: true });
  for (let i = 0; i < posts; i++) writeFileSync(join(content, `blog/synthetic-${String(i).padStart(4, '0')}.md`), syntheticPost(i));
  mkdirSync(join(root, 'site-assets/images'), { recursive: true });
  const image = (w: number, h: number, c: [number, number, number]) => sharp({ create: { width: w, height: h, channels: 3, background: { r: c[0], g: c[1], b: c[2] } } });
  await image(256, 256, [200, 120, 40]).png().toFile(join(root, 'site-assets/images/logo.png'));
  await image(1200, 630, [40, 80, 120]).jpeg().toFile(join(root, 'site-assets/images/og-default.jpg'));
  backdate(root);
  const out = join(root, 'dist');
  return {
    root,
    content,
    out,
    build: (env = {}, args = []) => runCli(['build', '--content', 'content', '--out', 'dist', ...args], env, root),
    write(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    },
    files() {
      const files = new Map<string, string>();
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const p = join(dir, name);
          if (statSync(p).isDirectory()) walk(p);
          else files.set(p.slice(out.length + 1), readFileSync(p, 'latin1'));
        }
      };
      walk(out);
      return files;
    },
  };
}

/**
 * Dates the project's files (not the linked node_modules) a minute back: a bundle whose inputs
 * changed within 2 s of it is not kept (coarse timestamps, cache/bundle-cache.ts), and a first
 * build right after the files were written would otherwise keep none.
 */
function backdate(root: string): void {
  const past = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (path !== join(root, 'node_modules') && !entry.isSymbolicLink()) utimesSync(path, past, past);
  }
}

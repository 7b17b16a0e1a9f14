// Browser test helpers: build the real site once into a temp dir, serve it like a static
// host, and drive Debian Chromium through playwright-core.
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { IncrementalWriter } from '../../src/output/incremental-writer.ts';
import { startStaticServer } from '../../src/preview/static-server.ts';
import { ROOT } from './build-site.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The map frames' host resolves nowhere, as offline: the tests need no network and wait for no
// third-party map, and a frame the CSP forbids is still reported (the policy is checked first).
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP www.openstreetmap.org ~NOTFOUND'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface ServedSite {
  url: string;
  dir: string;
  close(): Promise<void>;
}

/**
 * Builds the real content with `env` into a temp folder and serves it on a free port. The real
 * content's build with the same `env` is made once per test run and each file gets its own
 * copy (hard links: tests add files to it and rename some, never write into one).
 */
export async function buildAndServe(env: NodeJS.ProcessEnv = {}, contentDir = 'content'): Promise<ServedSite> {
  const dir = join(mkdtempSync(join(tmpdir(), 'stitch-browser-')), 'dist');
  const shared = contentDir === 'content' ? sharedSite(env) : undefined;
  if (shared && existsSync(shared)) linkTree(shared, dir);
  else {
    const config = resolveConfig({ content: contentDir, root: ROOT, out: dir }, { SOURCE_DATE_EPOCH: '1767225600', ...env }, ROOT);
    const { ok, state } = await build(config, { writer: new IncrementalWriter(dir, join(dir, '../.stitch')) });
    if (!ok) throw new Error(`build failed:\n${state.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`);
    if (shared) publish(dir, shared);
  }
  const server: Server = await startStaticServer(dir, 0, '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, dir, close: () => new Promise((r) => server.close(() => r())) };
}

/** Where this test run keeps the real site built with `env` (vitest.config.ts: STITCH_TEST_TMP, removed after the run). */
function sharedSite(env: NodeJS.ProcessEnv): string | undefined {
  const runTmp = process.env.STITCH_TEST_TMP;
  if (!runTmp) return undefined;
  const key = createHash('sha256').update(JSON.stringify(Object.entries(env).sort())).digest('hex').slice(0, 16);
  return join(runTmp, 'browser-sites', key);
}

/** Leaves a copy of `dir` at `shared`, whole or not at all (a file building at the same time may have put one there). */
function publish(dir: string, shared: string): void {
  const temp = `${shared}.${process.pid}.tmp`;
  linkTree(dir, temp);
  try {
    renameSync(temp, shared);
  } catch {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** `to` as a tree of hard links to the files of `from`. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

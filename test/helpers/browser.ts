// Browser test helpers: build the real site once into a temp dir, serve it like a static
// host, and drive Debian Chromium through playwright-core.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { FsWriter } from '../../src/output/writer.ts';
import { startStaticServer } from '../../src/preview/static-server.ts';
import { ROOT } from './build-site.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface ServedSite {
  url: string;
  dir: string;
  close(): Promise<void>;
}

/** Builds the real content with `env` into a temp folder and serves it on a free port. */
export async function buildAndServe(env: NodeJS.ProcessEnv = {}, contentDir = 'content'): Promise<ServedSite> {
  const dir = join(mkdtempSync(join(tmpdir(), 'stitch-browser-')), 'dist');
  const config = resolveConfig({ content: contentDir, root: ROOT, out: dir }, { SOURCE_DATE_EPOCH: '1767225600', ...env }, ROOT);
  const { ok, state } = await build(config, { writer: new FsWriter(dir) });
  if (!ok) throw new Error(`build failed:\n${state.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`);
  const server: Server = await startStaticServer(dir, 0, '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, dir, close: () => new Promise((r) => server.close(() => r())) };
}

// Runs once before the test files: encodes the photo variants the real content's pages
// reference into the image cache (.stitch/cache/images), as the first `stitch build` of a
// checkout does. Builds in the
// tests do not encode (it is slow and would run in every file at once on a fresh machine):
// they find the variants here, so the pages they check are the pages `stitch build` writes.
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../src/build.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { MemoryWriter } from '../src/output/writer.ts';

export default async function setup(): Promise<() => void> {
  // React's production build, as in the test files (vitest.config.ts `env`).
  process.env.NODE_ENV = 'production';
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const config = resolveConfig({ content: 'content', root }, { SOURCE_DATE_EPOCH: '1767225600' }, root);
  const result = await build(config, { writer: new MemoryWriter(), encodeImages: true, budgets: false });
  if (!result.ok) {
    throw new Error(`the real content does not build:\n${result.state.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.message}`).join('\n')}`);
  }
  // The run's temporary folder (vitest.config.ts), with every folder the tests made in it.
  const runTmp = process.env.STITCH_TEST_TMP;
  // The browser files' hook port: one for the run, so they share one build, and the turn they
  // take one at a time (test/browser/harness.ts).
  if (runTmp) writeFileSync(join(runTmp, 'browser-hook-port'), String(await freePort()));
  return () => {
    if (runTmp) rmSync(runTmp, { recursive: true, force: true });
  };
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  }));
}

#!/usr/bin/env node
// The `stitch` executable. The engine is TypeScript and runs without a manual build step:
// on first use (and after any change to src/) it is bundled by esbuild into plain ES modules in
// .stitch/engine/<hash of src/ and its location>/ (main.mjs and the chunks it imports lazily, so a command loads
// only the libraries it uses), which later runs start straight away. The libraries
// stay external (loaded by Node itself); only the engine's own modules are in the bundle.
// Where the bundle cannot be made (read-only install, STITCH_NO_ENGINE_BUNDLE set) the
// TypeScript sources run through tsx instead: slower to start, same behaviour.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Before `npm ci` nothing below can load (Node would print a module-resolution stack): say what
// to do. These are the packages this file and the CLI load first.
try {
  for (const name of ['esbuild', 'tsx', 'commander']) import.meta.resolve(name);
} catch {
  process.stderr.write('stitch: dependencies are not installed: run npm ci\n');
  process.exit(2);
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const src = join(root, 'src');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every file under `dir`, sorted, so the hash does not depend on the directory order. */
function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/** sha256 (hex) of each file of a bundle folder, by name: written with the bundle as hashes.json. */
function hashesOf(dir, names) {
  return Object.fromEntries(names.sort().map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]));
}

/** Whether the bundle in `dir` is as it was written (every file's hash as in its hashes.json). */
function intact(dir) {
  try {
    const written = JSON.parse(readFileSync(join(dir, 'hashes.json'), 'utf8'));
    const names = readdirSync(dir).filter((name) => name !== 'hashes.json');
    return JSON.stringify(hashesOf(dir, names)) === JSON.stringify(written);
  } catch {
    return false;
  }
}

/** The bundled engine for the current sources, made when missing or damaged; undefined when it cannot be. */
async function engineBundle() {
  if (process.env.STITCH_NO_ENGINE_BUNDLE) return undefined;
  try {
    const hash = createHash('sha256');
    for (const file of [join(root, 'package.json'), join(root, 'tsconfig.json'), ...listFiles(src)]) {
      if (existsSync(file)) hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
    }
    // The bundle's modules find their neighbours by absolute URL (see `define` below): a copy of
    // the checkout (`cp -a` takes .stitch/ along) must make its own, not run the original's src/.
    hash.update(process.version).update('\0').update(root);
    const engines = join(root, '.stitch', 'engine');
    const key = hash.digest('hex').slice(0, 16);
    const dir = join(engines, key);
    const file = join(dir, 'main.mjs');
    if (existsSync(file)) {
      if (intact(dir)) return file;
      rmSync(dir, { recursive: true, force: true }); // damaged: made again below
    }
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(src, 'cli', 'main.ts')],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      splitting: true,
      outdir: dir,
      entryNames: 'main',
      chunkNames: 'chunk-[hash]',
      outExtension: { '.js': '.mjs' },
      write: false,
      logLevel: 'silent',
      tsconfig: join(root, 'tsconfig.json'),
      // Modules find their neighbours (the render worker, the client runtime, the engine's own
      // source for cache keys) through import.meta.url: each keeps the URL of its source file.
      define: { 'import.meta.url': '__stitchSourceUrl' },
      plugins: [{
        name: 'source-url',
        setup(b) {
          b.onLoad({ filter: /\.tsx?$/ }, (args) => ({
            contents: `const __stitchSourceUrl = ${JSON.stringify(pathToFileURL(args.path).href)};\n${readFileSync(args.path, 'utf8')}`,
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      }],
    });
    // Another run may be making the same bundle: write it aside, then rename the folder into place.
    const temp = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    mkdirSync(temp, { recursive: true });
    for (const out of result.outputFiles) writeFileSync(join(temp, out.path.slice(dir.length + 1)), out.contents);
    writeFileSync(join(temp, 'hashes.json'), JSON.stringify(hashesOf(temp, readdirSync(temp))));
    try {
      renameSync(temp, dir);
    } catch {
      rmSync(temp, { recursive: true, force: true });
      if (!existsSync(file)) return undefined;
    }
    // Bundles of earlier sources are of no more use, once no run can still be using them: a
    // build or dev server started on one imports its chunks lazily (a build that renders nothing
    // never loads the renderer), so a bundle goes only a day after it was made.
    for (const name of readdirSync(engines)) {
      const old = join(engines, name);
      if (name !== key && /^[0-9a-f]{16}$/.test(name) && Date.now() - statSync(old).mtimeMs > DAY_MS) rmSync(old, { recursive: true, force: true });
    }
    return file;
  } catch {
    return undefined;
  }
}

const bundle = await engineBundle();
let main;
if (bundle) {
  ({ main } = await import(pathToFileURL(bundle).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv);

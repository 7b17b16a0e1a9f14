// The bundle cache (src/cache/bundle-cache.ts): a build whose bundle inputs did not change takes
// the templates, islands and stylesheet bundles from the store's `bundles` kind without running
// esbuild, and any change esbuild would see — a module, a new file an import now resolves to, the
// tsconfig, an option, a new island, a font — gives a fresh bundle. To tell a cached bundle from
// a fresh one, each case first replaces the stored outputs with a marker: a bundle read from the
// cache is the marker.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleIslands, listIslands } from '../../src/islands/bundle-islands.ts';
import { bundleStyles } from '../../src/render/bundle-styles.ts';
import { bundleForNode } from '../../src/render/bundle-templates.ts';
import { FileCaches, seal } from '../../src/cache/file-cache.ts';
import { ROOT } from '../helpers/build-site.ts';

const MARK = 'from-the-cache';
const past = new Date(Date.now() - 3600_000);

/** A project whose files are an hour old (a file changed within seconds of a bundle is not trusted). */
function project(files: Record<string, string | Buffer>): { root: string; cache: FileCaches; write: (files: Record<string, string | Buffer>) => void } {
  const root = mkdtempSync(join(tmpdir(), 'stitch-bundle-cache-'));
  const write = (more: Record<string, string | Buffer>) => {
    for (const [name, text] of Object.entries(more)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text);
      utimesSync(join(root, name), past, past);
    }
  };
  write(files);
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return { root, cache: new FileCaches(join(root, '.stitch/cache'), 'content'), write };
}

/** Replaces the stored outputs of bundle `id` with the marker (sealed again under the entry's key: a change the seal cannot see). */
async function poison(cache: FileCaches, id: string): Promise<void> {
  const file = (await cache.open({ name: 'bundles', version: '2', encode: String, decode: () => undefined })).file(id);
  const stored = JSON.parse(readFileSync(file).subarray(0, -32).toString('utf8'));
  stored.outputs = stored.outputs.map((o: { path: string }) => ({ path: o.path, text: `/* ${MARK} */` }));
  writeFileSync(file, seal(id, JSON.stringify(stored)));
}

describe('the templates bundle (bundleForNode)', () => {
  const server = (root: string, cache: FileCaches, define = '"production"') => bundleForNode(root, {
    stdin: { contents: 'export * from "./templates/index.ts";\n', resolveDir: root, loader: 'ts', sourcefile: 'stitch-server-entry.ts' },
    define: { 'process.env.NODE_ENV': define },
  }, { caches: cache, id: 'templates' });

  it('is taken from the cache while nothing changed, and made again on any change esbuild sees', async () => {
    const p = project({
      'package.json': '{"type":"module"}',
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./lib/one/*'] } } }),
      'templates/index.ts': 'import { word } from "./words";\nimport { lib } from "@lib/x";\nexport const said = [word, lib, process.env.NODE_ENV];\n',
      'templates/words.ts': 'export const word = "first-word";\n',
      'lib/one/x.ts': 'export const lib = "lib-one";\n',
      'lib/two/x.ts': 'export const lib = "lib-two";\n',
    });
    const fresh = await server(p.root, p.cache);
    expect(fresh).toContain('first-word');
    expect(await server(p.root, p.cache)).toBe(fresh); // what the cache gives back is the bundle

    await poison(p.cache, 'templates');
    expect(await server(p.root, p.cache)).toContain(MARK);

    p.write({ 'templates/words.ts': 'export const word = "second-word";\n' }); // an imported module
    expect(await server(p.root, p.cache)).toContain('second-word');

    await poison(p.cache, 'templates');
    p.write({ 'templates/words.tsx': 'export const word = "tsx-word";\n' }); // a file `./words` now resolves to
    expect(await server(p.root, p.cache)).toContain('tsx-word');

    await poison(p.cache, 'templates');
    p.write({ 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./lib/two/*'] } } }) });
    expect(await server(p.root, p.cache)).toContain('lib-two');

    await poison(p.cache, 'templates');
    expect(await server(p.root, p.cache, '"development"')).toContain('development'); // an option
  });

  it('is not stored from a file changed just before it was made (it may have changed while esbuild read it)', async () => {
    const p = project({ 'templates/index.ts': 'export const word = "old";\n' });
    await server(p.root, p.cache);
    await poison(p.cache, 'templates');
    writeFileSync(join(p.root, 'templates/index.ts'), 'export const word = "new";\n'); // now, not aged
    expect(await server(p.root, p.cache)).toContain('new');
    expect(await server(p.root, p.cache)).toContain('new'); // not from a record of that bundle
  });
});

describe('the islands bundle', () => {
  const islands = async (root: string, cache: FileCaches) => bundleIslands(root, join(root, 'templates'), await listIslands(join(root, 'templates')), { minify: true, cache });
  const code = (bundle: Awaited<ReturnType<typeof islands>>) => bundle.files.map((f) => Buffer.from(f.contents).toString('utf8')).join('\n');

  it('is made again for a new island or a changed one', async () => {
    const p = project({ 'templates/islands/Counter.tsx': 'export default function Counter() { return <b>counter-one</b>; }\n' });
    const same = (bundle: Awaited<ReturnType<typeof islands>>) => ({ entries: bundle.entries, files: bundle.files.map((f) => [f.path, Buffer.from(f.contents)]) });
    const fresh = await islands(p.root, p.cache);
    expect(same(await islands(p.root, p.cache))).toEqual(same(fresh));

    await poison(p.cache, 'islands');
    expect(code(await islands(p.root, p.cache))).toContain(MARK);

    p.write({ 'templates/islands/Counter.tsx': 'export default function Counter() { return <b>counter-two</b>; }\n' });
    expect(code(await islands(p.root, p.cache))).toContain('counter-two');

    await poison(p.cache, 'islands');
    p.write({ 'templates/islands/Toggle.tsx': 'export default function Toggle() { return <i>toggle</i>; }\n' });
    const two = await islands(p.root, p.cache);
    expect([...two.entries.keys()]).toContain('Toggle');
    expect(code(two)).not.toContain(MARK);
  });
});

describe('the stylesheet bundle', () => {
  const font = (byte: number) => Buffer.from([0x77, 0x4f, 0x46, 0x32, byte, 0x00, 0xff, 0x80]);

  it('gives back binary files byte for byte, and is made again when a font changes', async () => {
    const p = project({
      'templates/styles/index.css': '@import "./type.css";\nbody { color: red; }\n',
      'templates/styles/type.css': '@font-face { font-family: A; src: url("./a.woff2") format("woff2"); }\n',
      'templates/styles/a.woff2': font(1),
    });
    const fresh = await bundleStyles(p.root, join(p.root, 'templates'), true, p.cache);
    const again = await bundleStyles(p.root, join(p.root, 'templates'), true, p.cache);
    expect(again.files.map((f) => [f.path, Buffer.from(f.contents)])).toEqual(fresh.files.map((f) => [f.path, Buffer.from(f.contents)]));
    expect(again.href).toBe(fresh.href);

    await poison(p.cache, 'styles');
    expect((await bundleStyles(p.root, join(p.root, 'templates'), true, p.cache)).css).toContain(MARK);

    p.write({ 'templates/styles/a.woff2': font(2) });
    const changed = await bundleStyles(p.root, join(p.root, 'templates'), true, p.cache);
    expect(changed.css).not.toContain(MARK);
    expect(changed.files.find((f) => f.path.endsWith('.woff2'))!.contents).toEqual(new Uint8Array(font(2)));
  });
});

describe('the card template bundle (bundleCardTemplate)', () => {
  it('is taken from the cache while its files did not change, and its hash (part of every card\'s key) changes with them', async () => {
    const p = project({
      'package.json': '{"type":"module"}',
      'templates/cards/index.ts': 'export { CARD_WIDTH } from "./size";\n',
      'templates/cards/size.ts': 'export const CARD_WIDTH = 1200;\n',
    });
    const { bundleCardTemplate } = await import('../../src/cards/card-template.ts');
    const card = () => bundleCardTemplate(p.root, join(p.root, 'templates'), join(p.root, '.stitch'), p.cache);
    const first = await card();
    expect((await first.load()).CARD_WIDTH).toBe(1200);
    await poison(p.cache, 'cards');
    expect(readFileSync((await card()).file, 'utf8')).toContain(MARK); // from the cache
    p.write({ 'templates/cards/size.ts': 'export const CARD_WIDTH = 1000;\n' });
    const changed = await card();
    expect((await changed.load()).CARD_WIDTH).toBe(1000);
    expect(changed.hash).not.toBe(first.hash);
  });

  it('gives its fonts without importing the module once they are kept beside it (a warm build draws no card: no React)', async () => {
    const p = project({
      'package.json': '{"type":"module"}',
      'templates/cards/index.ts': 'export const cardFonts = [{ name: "Serif", weight: 700, style: "normal", file: "./serif.woff" }];\nexport const CARD_WIDTH = 1200;\n',
    });
    const { bundleCardTemplate } = await import('../../src/cards/card-template.ts');
    const card = (cacheDir: string) => bundleCardTemplate(p.root, join(p.root, 'templates'), join(p.root, cacheDir), p.cache);
    const first = await card('.stitch');
    expect(first.cardFonts).toEqual([{ name: 'Serif', weight: 700, style: 'normal', file: './serif.woff' }]);
    // Another cache folder whose kept fonts differ from the module's: what comes back is the kept
    // ones, so the module was not imported for them.
    const name = first.file.slice(first.file.lastIndexOf('/') + 1);
    const kept = [{ name: 'Kept', weight: 400, style: 'normal', file: './kept.woff' }];
    mkdirSync(join(p.root, '.other/server'), { recursive: true });
    writeFileSync(join(p.root, '.other/server', name.replace(/\.mjs$/, '.json')), seal(first.hash, JSON.stringify({ cardFonts: kept, fallbackFonts: [], emojiImages: "" })));
    expect((await card('.other')).cardFonts).toEqual(kept);
    // A damaged facts file is not trusted: the fonts come from the module again.
    writeFileSync(join(p.root, '.other/server', name.replace(/\.mjs$/, '.json')), JSON.stringify({ cardFonts: kept }));
    expect((await card('.other')).cardFonts).toEqual(first.cardFonts);
  });
});

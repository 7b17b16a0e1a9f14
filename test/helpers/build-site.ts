// Test helpers: build a content tree through the real pipeline into the memory writer, and
// parse pages with linkedom.
import { cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import { build, type BuildResult } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { MemoryWriter } from '../../src/output/writer.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface SiteBuild extends BuildResult {
  writer: MemoryWriter;
  /** The HTML of an output file, e.g. page('/about') or page('404.html'). */
  html(pathOrFile: string): string;
  /** A linkedom document of a page, parsed once per build and shared: read it, never change it. */
  doc(pathOrFile: string): Document;
}

export function outputFile(path: string): string {
  if (path.endsWith('.html') || path.endsWith('.xml') || path.endsWith('.txt') || path.startsWith('_')) return path.replace(/^\//, '');
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** Builds `contentDir` (default: the real content) with the project's templates into memory. */
export async function buildSite(contentDir = 'content', env: NodeJS.ProcessEnv = {}, root = ROOT): Promise<SiteBuild> {
  const config = resolveConfig({ content: contentDir, root }, { SOURCE_DATE_EPOCH: '1767225600', ...env }, root);
  const writer = new MemoryWriter();
  const result = await build(config, { writer, copyAssets: true });
  const html = (p: string) => {
    const text = writer.text(outputFile(p));
    if (text === undefined) throw new Error(`no output for ${p}`);
    return text;
  };
  // Files of tests that walk every page ask for each page many times; a parse costs ~10 ms.
  const docs = new Map<string, Document>();
  const doc = (p: string) => {
    const file = outputFile(p);
    if (!docs.has(file)) docs.set(file, parseHTML(html(file)).document as unknown as Document);
    return docs.get(file)!;
  };
  return { ...result, writer, html, doc };
}

/**
 * Writes an inline content tree to a temp folder (on top of a copy of a base content dir when
 * given) and returns its path. Keys are paths inside content/, values file texts.
 */
export function contentTree(files: Record<string, string>, base?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'stitch-content-'));
  if (base) cpSync(realpathSync(resolve(ROOT, base)), dir, { recursive: true, dereference: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The files of a folder under test/fixtures/, as contentTree() wants them. */
export function fixtureFiles(name: string): Record<string, string> {
  const dir = join(ROOT, 'test/fixtures', name);
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

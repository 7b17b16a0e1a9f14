// The card tests' site: the mini fixture's content built with cards drawn in this thread, from a
// folder of assets and a card cache of the test's own (under the project's .stitch/, so the card
// template's bundle resolves the project's packages), removed after the file's tests.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll } from 'vitest';
import { build, type BuildResult } from '../../src/build.ts';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { outputFile, ROOT } from './build-site.ts';

export interface CardSite extends BuildResult {
  writer: MemoryWriter;
  doc(path: string): Document;
}

export interface CardSiteFolders {
  /** The site-assets folder: images/logo.png and images/og-default.jpg of the project, and what the test adds. */
  assets: string;
  cacheDir: string;
  config(contentDir: string, env?: NodeJS.ProcessEnv): ReturnType<typeof resolveConfig>;
  /** A build that draws the cards and checks the links; `check`: a check, which draws none and keeps going. */
  build(contentDir: string, options?: { env?: NodeJS.ProcessEnv; check?: boolean }): Promise<CardSite>;
}

/** Made where a test file starts (its folders go after its tests); `name` names the folders. */
export function cardSiteFolders(name: string): CardSiteFolders {
  const assets = mkdtempSync(join(ROOT, '.stitch', `test-${name}-assets-`));
  mkdirSync(join(assets, 'images'));
  for (const file of ['logo.png', 'og-default.jpg']) copyFileSync(join(ROOT, 'site-assets/images', file), join(assets, 'images', file));
  const cacheDir = mkdtempSync(join(ROOT, '.stitch', `test-${name}-cache-`));
  afterAll(() => {
    for (const dir of [assets, cacheDir]) rmSync(dir, { recursive: true, force: true });
  });
  const config = (contentDir: string, env: NodeJS.ProcessEnv = {}) => ({ ...resolveConfig({ content: contentDir, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600', ...env }, ROOT), assetsDir: assets, cacheDir });
  return {
    assets, cacheDir, config,
    async build(contentDir, { env = {}, check = false } = {}) {
      const writer = new MemoryWriter();
      const result = await build(config(contentDir, env), check ? { writer, mode: 'check', keepGoing: true } : { writer, copyAssets: true, renderCards: true, workers: false, links: true });
      return { ...result, writer, doc: (path: string) => parseHTML(writer.text(outputFile(path)) ?? '').document as unknown as Document };
    },
  };
}

/** A meta tag's content, by property (og:) or name (twitter:). */
export const meta = (doc: Document, key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

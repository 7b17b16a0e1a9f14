// Cards drawn on card workers (src/cards/card-threads.ts) that take cards from one queue. The
// cards must be the bytes the build's own thread draws, and
// a worker's failure must not be lost: a card the worker cannot draw fails the build with a
// diagnostic naming its page (never a hang), and a worker that dies leaves its cards to this thread.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCards, type CardJob, type CardsContext } from '../src/cards/build-cards.ts';
import { bundleCardTemplate, type CardTemplate, type CardTemplateBundle } from '../src/cards/card-template.ts';
import { StitchError } from '../src/errors/diagnostic.ts';
import { ROOT } from './helpers/build-site.ts';

let dir: string;
let bundle: CardTemplateBundle;

beforeAll(async () => {
  // Under the project, so the bundles in it resolve the project's packages.
  dir = mkdtempSync(join(ROOT, '.stitch', 'test-card-threads-'));
  bundle = await bundleCardTemplate(ROOT, join(ROOT, 'templates'), dir);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Cards of every kind: with a photo, without, with a photo that cannot be read; titles of one to three lines. */
const jobs: CardJob[] = Array.from({ length: 24 }, (_, i) => ({
  page: `/blog/post-${i}`,
  output: `cards/blog/post-${i}.png`,
  title: `${'Reupholstering a Wingback Chair '.repeat(1 + (i % 3))}(${i})`.trim(),
  category: i % 4 === 0 ? 'Leather Care and Repair' : 'Blog',
  ...(i % 3 === 1 ? { photo: '/images/blog/leather-seats.jpg' } : i % 8 === 2 ? { photo: '/images/blog/gone.jpg' } : {}),
}));

/** Draws `jobs` into a cache folder of its own: the result and each card's bytes by output path. */
async function draw(name: string, workers: number, template = bundle, list = jobs) {
  const cacheDir = join(dir, name);
  const context: CardsContext = {
    root: ROOT, assetsDir: join(ROOT, 'site-assets'), cacheDir, contentDir: join(ROOT, 'content'),
    siteName: 'Sandia Custom Upholstery', siteUrl: 'https://www.example.com', logo: '/images/logo.png', bundle: template, render: true, workers,
  };
  const result = await buildCards(list, context);
  const bytes = new Map<string, Buffer>([
    ...result.files.map((f) => [f.path, readFileSync(f.from)] as const),
    ...result.uncached.map((f) => [f.path, f.contents] as const),
  ]);
  return { result, bytes, cacheDir };
}

/** The card template with `CardTitle` replaced by `code` (a function of `real`, the project's template, and `props`). */
async function templateWith(name: string, code: string): Promise<CardTemplateBundle> {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, [
    `import * as real from ${JSON.stringify(pathToFileURL(bundle.file).href)};`,
    "import { isMainThread } from 'node:worker_threads';",
    'export * from ' + JSON.stringify(pathToFileURL(bundle.file).href) + ';',
    `export function CardTitle(props) { ${code} }`,
  ].join('\n'));
  const template = await import(pathToFileURL(file).href) as CardTemplate;
  return { cardFonts: template.cardFonts, load: async () => template, hash: name, file };
}

describe('cards drawn on card workers', () => {
  it('are the bytes of the cards drawn on this thread', { timeout: 300_000 }, async () => {
    const alone = await draw('alone', 0);
    const both = await draw('workers', 2);
    expect(both.result.rendered).toBe(jobs.length);
    expect([...both.bytes.keys()].sort()).toEqual([...alone.bytes.keys()].sort());
    for (const [path, png] of alone.bytes) expect(both.bytes.get(path)!.equals(png), path).toBe(true);
    // The same cache entries, and the same photo warnings.
    const listing = (cacheDir: string) => readdirSync(join(cacheDir, 'cache', 'cards'), { recursive: true }).map(String).sort();
    expect(listing(both.cacheDir)).toEqual(listing(alone.cacheDir));
    expect(both.result.photoErrors).toEqual(alone.result.photoErrors);
    expect(both.result.photoErrors).toEqual([{ photo: '/images/blog/gone.jpg', reason: 'the file cannot be read', pages: expect.arrayContaining(['/blog/post-2']) }]);
  });

  // The worker's every card fails (which cards it takes from the queue depends on timing).
  it('a card the worker cannot draw fails with a diagnostic naming its page', { timeout: 300_000 }, async () => {
    const broken = await templateWith('throws', "if (!isMainThread) throw new Error('the template threw'); return real.CardTitle(props);");
    const failure = await draw('throws', 1, broken).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(StitchError);
    expect((failure as StitchError).diagnostics).toEqual([expect.objectContaining({ code: 'CardError', severity: 'error' })]);
    expect((failure as StitchError).message).toMatch(/^The social card of \/blog\/post-\d+ could not be drawn: the template threw/);
    expect((failure as StitchError).message).toContain('the template threw');
  });

  it('a worker that dies leaves its cards to this thread: every card is drawn', { timeout: 300_000 }, async () => {
    const dying = await templateWith('exits', "if (!isMainThread) process.exit(3); return real.CardTitle(props);");
    const { result, bytes } = await draw('exits', 1, dying);
    const alone = await draw('alone-again', 0);
    expect(result.rendered).toBe(jobs.length);
    for (const [path, png] of alone.bytes) expect(bytes.get(path)!.equals(png), path).toBe(true);
  });
});

// Tag labels: site.yaml `tagLabels` names how a tag is shown where the spec's rule (each
// hyphen-separated word capitalised) gets it wrong (`diy` → "Diy"); the rule stays the default.
// The label shows on the blog listing (topic chips and cards) and on a post (its tags and its
// related articles'); a label for a tag no post uses is a warning at its line.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, contentTree, fixtureFiles, ROOT, type SiteBuild } from './helpers/build-site.ts';

const mini = fixtureFiles('mini');
const site = `${mini['site.yaml']}tagLabels:\n  diy: DIY\n  choosing-a-shop: Choosing a Shop\n  leathr: Leather\n`;
const post = (title: string, tags: string) => `---\ntitle: ${title}\ndescription: A post about picking a shop and doing it yourself, for the tag label test.\ndate: 2025-10-20\nauthor: The Shop Team\ntags: ${tags}\n---\nText.\n`;

let dir: string;
let built: SiteBuild;
beforeAll(async () => {
  dir = contentTree({
    'site.yaml': site,
    'blog/do-it-yourself.md': post('Do It Yourself', '[diy, choosing-a-shop, leather]'),
    'blog/picking-a-shop.md': post('Picking a Shop', '[choosing-a-shop, car-interior]'),
  }, 'test/fixtures/mini');
  built = await buildSite(dir);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.textContent?.trim());

describe('tag labels from site.yaml', () => {
  it('the blog listing shows them on its topic chips and cards; other tags keep the rule', () => {
    expect(built.ok).toBe(true);
    const doc = built.doc('/blog');
    const topics = texts(doc, '.blog-topic');
    expect(topics).toEqual(expect.arrayContaining(['DIY', 'Choosing a Shop', 'Car Interior', 'Leather']));
    expect(topics).not.toContain('Diy');
    expect(topics).not.toContain('Choosing A Shop');
    expect(texts(doc, '.bl-tags .badge')).toContain('Choosing a Shop');
  });

  it('a post shows them on its tags and its related articles\' tags', () => {
    const doc = built.doc('/blog/do-it-yourself');
    expect(texts(doc, '.post-header .badge')).toEqual(['DIY', 'Choosing a Shop', 'Leather']);
    expect(texts(doc, '.post-footer .badge')).toEqual(['DIY', 'Choosing a Shop', 'Leather']);
    expect(texts(doc, '.related-posts .badge')).toContain('Choosing a Shop');
  });

  it('a label for a tag no post uses is a warning at its line in site.yaml, with the tag it may mean', () => {
    const [d] = built.state.diagnostics.filter((x) => x.code === 'UnusedTagLabelWarning');
    expect(d).toMatchObject({ severity: 'warning', field: 'tagLabels.leathr', line: site.split('\n').indexOf('  leathr: Leather') + 1 });
    expect(d.message).toContain('did you mean "leather"?');
  });

  it('the shipped site.yaml labels every tag the rule gets wrong, and the JSON Schema knows the field', () => {
    const shipped = readFileSync(join(ROOT, 'content/site.yaml'), 'utf8');
    expect(shipped).toMatch(/tagLabels:\n {2}diy: DIY\n {2}choosing-a-shop: Choosing a Shop\n/);
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/site.schema.json'), 'utf8')) as { properties: Record<string, { type?: string }> };
    expect(schema.properties.tagLabels?.type).toBe('object');
  });
});

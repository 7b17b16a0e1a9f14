// The content stage keeps the validated data of YAML files and of the Markdown pages' front
// matter (post-cache.ts yamlCacheKind): a file whose text did not change is neither parsed nor
// validated again, yet every diagnostic about it still points at its line and column, and any
// edit is seen.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../src/cache/cache.ts';
import type { YamlEntry } from '../../src/cache/post-cache.ts';
import { loadContent } from '../../src/content/load-content.ts';

/** A cache in a Map that counts what it answered, stored as JSON as the disk cache stores it. */
function memo() {
  const store = new Map<string, string>();
  const counts = { hits: 0, stored: 0 };
  const hitFiles: string[] = [];
  const yaml: Cache<YamlEntry> = {
    get: (key) => {
      const json = store.get(key);
      if (json === undefined) return undefined;
      counts.hits++;
      hitFiles.push(key.split('\0')[0]); // the key is the file and its text's hash
      return JSON.parse(json);
    },
    set: (key, value) => {
      counts.stored++;
      store.set(key, JSON.stringify(value));
    },
    keep() {}, prune() {}, save: async () => {},
  };
  return { yaml, counts, hitFiles };
}

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'stitch-yaml-cache-'));
  cpSync(join(import.meta.dirname, '../../content'), join(root, 'content'), { recursive: true });
  return root;
}

const load = (root: string, yaml: Cache<YamlEntry>) => loadContent(root, join(root, 'content'), join(root, 'site-assets'), { yaml });
/** What a build shows of a load: the graph as JSON and every diagnostic with its position. */
const seen = async (root: string, yaml: Cache<YamlEntry>) => {
  const { graph, diagnostics } = await load(root, yaml);
  return { graph: JSON.stringify(graph, (_k, v) => (v instanceof Map || v instanceof Set ? [...v] : v)), diagnostics };
};

describe('the YAML data cache', () => {
  it('gives the same graph and the same diagnostics, at the same positions, without parsing unchanged files', async () => {
    const root = project();
    // An unknown field (a warning found by validation, placed at its key) and a dropped reference.
    const file = join(root, 'content/services/airplane-upholstery.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('order: 4\n', 'order: 4\ncolour: blue\n'));
    const { yaml, counts } = memo();
    const first = await seen(root, yaml);
    expect(counts.stored).toBeGreaterThan(10);
    expect(first.diagnostics.some((d) => d.file?.endsWith('airplane-upholstery.yaml') && d.line === 3)).toBe(true);
    const second = await seen(root, yaml);
    expect(counts.hits).toBe(counts.stored);
    expect(second).toEqual(first);
  });

  it('sees an edit of a cached file', async () => {
    const root = project();
    const { yaml } = memo();
    const before = await load(root, yaml);
    const file = join(root, 'content/services/airplane-upholstery.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Airplane Upholstery', 'title: Aircraft Upholstery'));
    const after = await load(root, yaml);
    expect(before.graph!.categories.find((c) => c.id === 'airplane-upholstery')!.title).toBe('Airplane Upholstery');
    expect(after.graph!.categories.find((c) => c.id === 'airplane-upholstery')!.title).toBe('Aircraft Upholstery');
  });

  it('stores no file with a syntax error: its message comes out the same every time', async () => {
    const root = project();
    const file = join(root, 'content/locations/belen.yaml');
    writeFileSync(file, 'id: belen\ntitle: [unclosed\n');
    const { yaml } = memo();
    const first = await load(root, yaml);
    const second = await load(root, yaml);
    const syntax = (r: typeof first) => r.diagnostics.filter((d) => d.file?.endsWith('belen.yaml'));
    expect(syntax(first).length).toBeGreaterThan(0);
    expect(syntax(second)).toEqual(syntax(first));
  });

  it("keeps a Markdown page's front matter, and sees an edit of its front matter or its body", async () => {
    const root = project();
    const { yaml, hitFiles } = memo();
    const first = await load(root, yaml);
    const again = await load(root, yaml);
    expect(hitFiles).toContain('content/pages/about.md');
    expect(again.graph!.about).toEqual(first.graph!.about);
    const file = join(root, 'content/pages/about.md');
    const text = readFileSync(file, 'utf8');
    const body = first.graph!.about.body;
    writeFileSync(file, text.replace(`title: ${first.graph!.about.data.title}`, 'title: About the Shop'));
    expect((await load(root, yaml)).graph!.about.data.title).toBe('About the Shop');
    writeFileSync(file, readFileSync(file, 'utf8').replace(body, `${body}\nOne more line.\n`));
    const edited = await load(root, yaml);
    expect(edited.graph!.about.body).toBe(`${body}\nOne more line.\n`);
    expect(edited.graph!.about.origin).toEqual(first.graph!.about.origin);
  });

  it('stores no file that gave a warning or failed validation: its diagnostics come out the same every time', async () => {
    const root = project();
    const file = join(root, 'content/pages/terms.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('---\n', '---\ncolour: blue\n'));
    const locations = join(root, 'content/locations/belen.yaml');
    writeFileSync(locations, readFileSync(locations, 'utf8').replace(/^title: .*$/m, 'title: [1, 2]'));
    const { yaml, hitFiles } = memo();
    const first = await load(root, yaml);
    const second = await load(root, yaml);
    const about = (r: typeof first, name: string) => r.diagnostics.filter((d) => d.file?.endsWith(name));
    for (const name of ['terms.md', 'belen.yaml']) {
      expect(about(first, name).length, name).toBeGreaterThan(0);
      expect(about(second, name), name).toEqual(about(first, name));
    }
    expect(hitFiles.filter((f) => f.endsWith('terms.md') || f.endsWith('belen.yaml'))).toEqual([]);
  });

  it("keeps the redirect rules' positions with their data: a cached file gives each rule its line", async () => {
    const root = project();
    const { yaml, hitFiles } = memo();
    const fresh = (await load(root, yaml)).graph!.redirects;
    const cached = (await load(root, yaml)).graph!.redirects;
    expect(hitFiles).toContain('content/redirects.yaml');
    expect(cached.map((r) => r.origin)).toEqual(fresh.map((r) => r.origin));
    expect(new Set(cached.map((r) => r.origin.line)).size).toBe(cached.length);
  });
});

// The editors' JSON Schema files (schemas/): made from the build's zod schemas, committed fresh,
// wired into VS Code, and agreeing with the build on the real content and on an unknown key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EDITOR_SCHEMAS, editorSchemaFiles } from '../src/content/json-schemas.ts';
import { parseMarkdownSource } from '../src/content/parse-source.ts';
import { ROOT } from './helpers/build-site.ts';
import { checkJsonSchema, KEYWORDS, keywordsOf } from './helpers/json-schema-check.ts';

const generated = editorSchemaFiles();
const committed = (name: string) => readFileSync(join(ROOT, 'schemas', name), 'utf8');
const schemaOf = (name: string) => JSON.parse(generated.get(name)!) as Record<string, unknown>;

/** A content file's data as an editor's YAML extension sees it (front matter for Markdown). */
function dataOf(file: string): unknown {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!file.endsWith('.md')) return parse(text);
  const { parsed } = parseMarkdownSource(file, text);
  return parsed!.doc.data;
}

describe('schemas/ is fresh', () => {
  it('every committed schema file is what `npm run schemas` makes now', () => {
    for (const [name, text] of generated) {
      let old: string | undefined;
      try {
        old = committed(name);
      } catch {
        old = undefined;
      }
      expect(old === text, `schemas/${name} is ${old === undefined ? 'missing' : 'stale'}: run \`npm run schemas\` and commit schemas/`).toBe(true);
    }
  });

  it('holds no schema file the generator no longer makes', () => {
    const extra = readdirSync(join(ROOT, 'schemas')).filter((f) => f.endsWith('.json') && !generated.has(f));
    expect(extra, 'run `npm run schemas` (it removes them)').toEqual([]);
  });
});

describe('the generated schemas', () => {
  it('cover site.yaml, services, detailing, locations, gallery, testimonials, pages, redirects and posts', () => {
    expect([...generated.keys()].sort()).toEqual([
      'about-page.schema.json', 'detailing-page.schema.json', 'detailing.schema.json', 'gallery.schema.json',
      'home-page.schema.json', 'legal-page.schema.json', 'location.schema.json', 'post.schema.json',
      'redirects.schema.json', 'service-category.schema.json', 'site.schema.json', 'testimonials.schema.json',
    ]);
  });

  it('use only keywords the checker below understands (so none is skipped unseen), draft-07', () => {
    for (const [name] of generated) {
      const schema = schemaOf(name);
      expect(schema.$schema, name).toBe('http://json-schema.org/draft-07/schema#');
      expect([...keywordsOf(schema)].filter((k) => !KEYWORDS.has(k)), name).toEqual([]);
    }
  });

  it('give every field a description (hover docs) and refuse unknown keys at every level', () => {
    const walk = (schema: Record<string, unknown>, at: string, name: string) => {
      // A map (keys chosen by the editor, like tagLabels' tags) has a schema for its values instead.
      if (schema.type === 'object' && !schema.propertyNames) expect(schema.additionalProperties, `${name} ${at || '/'}: additionalProperties`).toBe(false);
      if (schema.propertyNames) walk(schema.additionalProperties as Record<string, unknown>, `${at}/*`, name);
      for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        expect(typeof sub.description, `${name} ${at}/${key} has no .describe() text in src/content/schemas.ts`).toBe('string');
        walk(sub, `${at}/${key}`, name);
      }
      if (schema.items) walk(schema.items as Record<string, unknown>, `${at}/[]`, name);
    };
    for (const [name] of generated) walk(schemaOf(name), '', name);
  });

  it('describe what an editor writes (io: input): a date is text in either accepted format; a default field is optional', () => {
    const post = schemaOf('post.schema.json') as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(post.properties.date.type).toBe('string');
    expect(post.properties.date.description).toMatch(/yyyy-mm-dd/);
    expect(checkJsonSchema(post.properties.date, '2025-10-28')).toEqual([]);
    expect(checkJsonSchema(post.properties.date, '10/28/2025')).toEqual([]);
    expect(checkJsonSchema(post.properties.date, 'October 28')).not.toEqual([]);
    const category = schemaOf('service-category.schema.json') as { properties: { services: { items: { required: string[] } } } };
    expect(category.properties.services.items.required).not.toContain('relatedServices');
  });

  it('accept every real content file, each of which one schema covers', () => {
    const checked: string[] = [];
    for (const entry of EDITOR_SCHEMAS) {
      const files = fg.sync(entry.files, { cwd: ROOT });
      expect(files.length, entry.files.join(', ')).toBeGreaterThan(0);
      for (const file of files) {
        expect(checkJsonSchema(schemaOf(entry.file), dataOf(file)), file).toEqual([]);
        checked.push(file);
      }
    }
    expect(checked.sort()).toEqual(fg.sync('content/**/*.{yaml,yml,md}', { cwd: ROOT }).sort());
  });

  it('reject a file with an unknown key, at any depth, as the build warns about it', () => {
    const site = dataOf('content/site.yaml') as { address: Record<string, unknown> };
    site.address.stret = 'x';
    expect(checkJsonSchema(schemaOf('site.schema.json'), site)).toEqual(['/address: unknown key "stret"']);

    const category = dataOf('content/services/marine-upholstery.yaml') as { services: { faqs: Record<string, unknown>[] }[] };
    category.services[0].faqs[1].anwser = 'x';
    expect(checkJsonSchema(schemaOf('service-category.schema.json'), category)).toEqual(['/services/0/faqs/1: unknown key "anwser"']);

    const post = { ...(dataOf('content/blog/signs-leather-seats-need-repair.md') as object), descripton: 'x' };
    expect(checkJsonSchema(schemaOf('post.schema.json'), post)).toEqual(['/: unknown key "descripton"']);
  });
});

describe('VS Code wiring', () => {
  const settings = JSON.parse(readFileSync(join(ROOT, '.vscode/settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string[]> };

  it('maps each YAML collection to its schema (yaml.schemas), and only those', () => {
    const expected = Object.fromEntries(EDITOR_SCHEMAS.filter((e) => e.yaml).map((e) => [`./schemas/${e.file}`, e.files]));
    expect(settings['yaml.schemas']).toEqual(expected);
  });

  it('recommends the YAML extension', () => {
    const extensions = JSON.parse(readFileSync(join(ROOT, '.vscode/extensions.json'), 'utf8')) as { recommendations: string[] };
    expect(extensions.recommendations).toContain('redhat.vscode-yaml');
  });
});

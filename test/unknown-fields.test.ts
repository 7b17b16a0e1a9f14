// Keys the content schemas do not know: found from the zod schemas themselves, warned at the
// key's file:line:column with a "did you mean", errors under --strict, never stopping a build.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.ts';
import { parseMarkdownSource, parseYamlSource } from '../src/content/parse-source.ts';
import { categorySchema, postSchema, siteSchema } from '../src/content/schemas.ts';
import { unknownKeys } from '../src/content/unknown-fields.ts';
import { validate } from '../src/content/validate.ts';
import { contentTree, fixtureFiles, ROOT } from './helpers/build-site.ts';
import { runCli, type CliResult, type JsonDiagnostic } from './helpers/run-cli.ts';

const paths = (schema: z.ZodType, data: unknown) => unknownKeys(schema, data).map((u) => u.path.join('.'));

describe('unknownKeys walks the zod shapes', () => {
  it('through optional, nullable, default, arrays, unions, pipes and transforms', () => {
    const schema = z.object({
      a: z.object({ b: z.string() }).optional(),
      n: z.object({ m: z.number() }).nullable(),
      d: z.array(z.object({ x: z.string() })).default([]),
      u: z.union([z.object({ kind: z.literal('one'), one: z.string() }), z.object({ kind: z.literal('two'), two: z.string() })]),
      p: z.object({ q: z.string() }).transform((v) => v.q),
      l: z.lazy(() => z.object({ deep: z.object({ deeper: z.boolean() }) })),
    });
    const data = {
      a: { b: 'x', bb: 1 },
      n: null,
      d: [{ x: 'x' }, { x: 'y', y: 2 }],
      u: { kind: 'two', two: 'x', three: 3 },
      p: { q: 'x', r: 1 },
      l: { deep: { deeper: true, deepest: false } },
      extra: 1,
    };
    expect(paths(schema, data)).toEqual(['a.bb', 'd.1.y', 'u.three', 'p.r', 'l.deep.deepest', 'extra']);
  });

  it('leaves keys to a strict object or a catchall (zod itself rejects or accepts them)', () => {
    const schema = z.object({ s: z.object({ a: z.number() }).strict(), c: z.object({}).catchall(z.object({ v: z.number() })), r: z.record(z.string(), z.object({ v: z.number() })) });
    expect(paths(schema, { s: { a: 1, b: 2 }, c: { any: { v: 1, w: 2 } }, r: { k: { v: 1, w: 2 } } })).toEqual(['c.any.w', 'r.k.w']);
  });

  it('names the keys known at that level', () => {
    expect(unknownKeys(siteSchema, { address: { stret: 'x' } })).toEqual([
      { path: ['address', 'stret'], known: ['street', 'city', 'region', 'postalCode', 'country'] },
    ]);
  });
});

describe('validate() warns at the key, with a suggestion', () => {
  const site = readFileSync(join(ROOT, 'test/fixtures/mini/site.yaml'), 'utf8');

  it('a nested key in a YAML file (site.yaml address.stret)', () => {
    const block = 'address:\n  stret: x\n  street: "1 Test Rd NE"\n  city: Rio Rancho\n  region: NM\n  postalCode: "87124"\n  country: US';
    const { doc } = parseYamlSource('content/site.yaml', site.replace(/^address: .*$/m, block));
    const { data, diagnostics } = validate(siteSchema, doc!);
    expect(data).toBeDefined();
    expect(diagnostics).toEqual([expect.objectContaining({
      code: 'UnknownFieldError', severity: 'warning', file: 'content/site.yaml', line: 7, column: 3, field: 'address.stret',
      message: 'Unknown field `address.stret` is ignored; did you mean `street`?',
    })]);
    expect(diagnostics[0].hint).toContain('street, city, region, postalCode, country');
  });

  it("a key inside a service's FAQ item (an array in an array)", () => {
    const text = readFileSync(join(ROOT, 'test/fixtures/mini/services/bravo-upholstery.yaml'), 'utf8')
      .replace('{ question: "Question 2 about bravo?", answer:', '{ question: "Question 2 about bravo?", anwser: x, answer:');
    const line = text.split('\n').findIndex((l) => l.includes('anwser')) + 1;
    const { diagnostics } = validate(categorySchema, parseYamlSource('content/services/bravo-upholstery.yaml', text).doc!);
    expect(diagnostics).toEqual([expect.objectContaining({
      code: 'UnknownFieldError', line, column: text.split('\n')[line - 1].indexOf('anwser') + 1, field: 'services[0].faqs[1].anwser',
      message: 'Unknown field `services[0].faqs[1].anwser` is ignored; did you mean `answer`?',
    })]);
  });

  it('a key in front matter, at its line in the Markdown file; no suggestion when nothing is close', () => {
    const text = '---\ntitle: A post\ndescripton: A summary\ndescription: A summary of the post for cards and results.\ndate: 2025-10-28\nauthor: Me\ntags: []\ncolour: red\n---\nBody.\n';
    const { parsed } = parseMarkdownSource('content/blog/a-post.md', text);
    const { data, diagnostics } = validate(postSchema, parsed!.doc);
    expect(data).toBeDefined();
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['UnknownFieldError', 3, 1, 'Unknown field `descripton` is ignored; did you mean `description`?'],
      ['UnknownFieldError', 8, 1, 'Unknown field `colour` is ignored.'],
    ]);
  });

  it('a misspelt required field: the missing field is the error, the typo a warning pointing at it', () => {
    const text = '---\ntitel: A post\ndescription: A summary of the post for cards and results.\ndate: 2025-10-28\nauthor: Me\ntags: []\n---\n';
    const { diagnostics } = validate(postSchema, parseMarkdownSource('content/blog/a-post.md', text).parsed!.doc);
    expect(diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['MissingFieldError', 'error', 'Missing required field `title` (a text).'],
      ['UnknownFieldError', 'warning', 'Unknown field `titel` is ignored; did you mean `title`?'],
    ]);
  });

  it('one message only for a key a strict object (budgets) already rejects', () => {
    const { diagnostics } = validate(siteSchema, parseYamlSource('content/site.yaml', `${site}budgets: { jss: 80 }\n`).doc!);
    expect(diagnostics.map((d) => [d.code, d.field])).toEqual([['ContentSchemaError', 'budgets']]);
  });

  it('nothing for the real content (content/ stays clean)', async () => {
    const { diagnostics } = await loadContent(ROOT, join(ROOT, 'content'), join(ROOT, 'site-assets'));
    expect(diagnostics.filter((d) => d.code === 'UnknownFieldError')).toEqual([]);
  });
});

describe('stitch check and build report them', () => {
  let dir: string;
  const runs: Record<string, CliResult> = {};
  const where: Record<string, { file: string; line: number; column: number }> = {};

  beforeAll(() => {
    const files = fixtureFiles('mini');
    files['site.yaml'] = files['site.yaml'].replace('address: { street:', 'address: { stret: x, street:');
    files['services/bravo-upholstery.yaml'] = files['services/bravo-upholstery.yaml'].replace('{ question: "Question 2 about bravo?", answer:', '{ question: "Question 2 about bravo?", anwser: x, answer:');
    files['blog/first-post.md'] = files['blog/first-post.md'].replace('title: First Post\n', 'title: First Post\ndescripton: oops\n');
    dir = contentTree(files);
    const faq = files['services/bravo-upholstery.yaml'].split('\n');
    const faqLine = faq.findIndex((l) => l.includes('anwser'));
    where.site = { file: join(dir, 'site.yaml'), line: 6, column: 12 };
    where.faq = { file: join(dir, 'services/bravo-upholstery.yaml'), line: faqLine + 1, column: faq[faqLine].indexOf('anwser') + 1 };
    where.post = { file: join(dir, 'blog/first-post.md'), line: 3, column: 1 };
    runs.text = runCli(['check', '--content', dir]);
    runs.json = runCli(['check', '--content', dir, '--format', 'json']);
    runs.github = runCli(['check', '--content', dir, '--format', 'github']);
    runs.strict = runCli(['check', '--content', dir, '--format', 'json', '--strict']);
    runs.build = runCli(['build', '--content', dir, '--out', join(mkdtempSync(join(tmpdir(), 'stitch-out-')), 'dist')]);
  }, 300_000);

  const expected = [
    ['site', 'address.stret', 'did you mean `street`?'],
    ['faq', 'services[0].faqs[1].anwser', 'did you mean `answer`?'],
    ['post', 'descripton', 'did you mean `description`?'],
  ] as const;

  it('--format text: file:line:column, the message with its suggestion, the code frame', () => {
    for (const [key, field, suggestion] of expected) {
      const w = where[key];
      expect(runs.text.stdout).toContain(`  ${w.file}:${w.line}:${w.column} warning Unknown field \`${field}\` is ignored; ${suggestion} [UnknownFieldError]`);
    }
    expect(runs.text.stdout).toContain('> 3 | descripton: oops');
    expect(runs.text.code).toBe(0);
  });

  it('--format json: file, line, column, field and message', () => {
    const report = JSON.parse(runs.json.stdout) as { diagnostics: JsonDiagnostic[] };
    for (const [key, field, suggestion] of expected) {
      expect(report.diagnostics).toContainEqual(expect.objectContaining({
        code: 'UnknownFieldError', severity: 'warning', ...where[key], field, message: `Unknown field \`${field}\` is ignored; ${suggestion}`,
      }));
    }
    expect(runs.json.code).toBe(0);
  });

  it('--format github: a ::warning annotation at file, line and column', () => {
    for (const [key, field, suggestion] of expected) {
      const w = where[key];
      expect(runs.github.stdout).toContain(`::warning file=${w.file},line=${w.line},col=${w.column},title=Unknown field::Unknown field \`${field}\` is ignored; ${suggestion}`);
    }
  });

  it('--strict makes them errors: exit 1', () => {
    const report = JSON.parse(runs.strict.stdout) as { diagnostics: JsonDiagnostic[] };
    const unknown = report.diagnostics.filter((d) => d.code === 'UnknownFieldError');
    expect(unknown).toHaveLength(3);
    for (const d of unknown) expect(d.severity).toBe('error');
    expect(runs.strict.code).toBe(1);
  });

  it('build shows the warnings and still builds', () => {
    expect(runs.build.code).toBe(0);
    expect(runs.build.stderr).toContain('Unknown field `address.stret` is ignored; did you mean `street`?');
    const out = runs.build.stdout.match(/into (.+)\/ in /)?.[1];
    expect(out && existsSync(join(out, 'blog/first-post/index.html'))).toBe(true);
  });
});

// Hostile content never crashes `check` or `build`: random mutations of the real content (wrong
// types, missing and unknown keys, broken syntax, odd Unicode, BOM, CRLF, empty and truncated
// files, alias bombs) end in diagnostics that name a file, never a stack trace or an internal
// error, and both commands reach the same verdict. In-process through the real entry points on
// a trimmed copy of the real content; a fixed seed keeps CI reproducible (fast-check prints the
// seed and the counterexample on failure; STITCH_FUZZ_SEED and STITCH_FUZZ_RUNS explore further).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { checkSite } from '../src/check/check-site.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { hasErrors, type Diagnostic } from '../src/errors/diagnostic.ts';
import { formatDiagnostics } from '../src/errors/format.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { contentTree, ROOT } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';

const SEED = Number(process.env.STITCH_FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.STITCH_FUZZ_RUNS ?? 40);
const KEPT_POSTS = 3;

const ALIAS_BOMB = [
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  '',
].join('\n');

/** Values a hostile or careless editor could put where another type belongs. */
const VALUES = [
  '[]', '{}', '42', '-1', '0.5', '1e400', 'null', '~', 'true', '""', '"   "', '2025-02-30', '13/45/2025', '2025-10-28T25:00:00Z',
  '*nope', '&a', '!!binary aGk=', '!!set {a}', '!!js/function "f"', '!foo bar', '[unclosed', '{a: 1', "'quote", '"\\u0000"',
  '\u202e\u200b\ufeff\u0000', 'ü'.repeat(400), '/x y', 'javascript:alert(1)', '"/../../etc/passwd"', '<script>alert(1)</script>',
  '[a, [b, [c]]]', '{title: 1}', '|\n  block', '>-\n folded', '&x [1, *x]', '"\ud800"', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎉', '- a\n- b', '"http://"', '__proto__',
];

/** Text dropped somewhere into a file. */
const INSERTS = ['---\n', '...\n', '\t', ': :', '[', '{', '"', '\n  - ', '\r', '\u2028', '\ufeff', '\0', '#', '&a ', '*a ', '? ', '\n__proto__: {}\n', ALIAS_BOMB];

type Mutation =
  | { kind: 'value'; line: number; value: string }
  | { kind: 'drop'; line: number }
  | { kind: 'unknown'; key: string; value: string }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'empty' }
  | { kind: 'bom' }
  | { kind: 'crlf' }
  | { kind: 'bomb' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('value' as const), line: fc.nat(), value: fc.oneof(fc.constantFrom(...VALUES), fc.string({ unit: 'binary', maxLength: 12 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), line: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknown' as const), key: fc.constantFrom('extra', 'Title', 'constructor', '__proto__', 'ünïcode', '"quoted key"'), value: fc.constantFrom(...VALUES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...INSERTS), fc.string({ unit: 'binary', maxLength: 8 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bom' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'crlf' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bomb' as const }) },
);

/** Lines that hold a `key: value` (in a Markdown file: in its front matter). */
function keyLines(text: string, markdown: boolean): number[] {
  const lines = text.split('\n');
  const end = markdown ? Math.max(0, lines.indexOf('---', 1)) : lines.length;
  const out: number[] = [];
  for (let i = 0; i < end; i++) if (/^\s*(-\s+)?[\w"]+:(\s|$)/.test(lines[i])) out.push(i);
  return out;
}

function mutate(text: string, m: Mutation, markdown: boolean): string {
  const lines = text.split('\n');
  const candidates = keyLines(text, markdown);
  switch (m.kind) {
    case 'value': {
      if (candidates.length === 0) return text;
      const i = candidates[m.line % candidates.length];
      lines[i] = lines[i].replace(/:(\s.*)?$/, `: ${m.value}`);
      return lines.join('\n');
    }
    case 'drop':
      if (candidates.length === 0) return text;
      lines.splice(candidates[m.line % candidates.length], 1);
      return lines.join('\n');
    case 'unknown':
      lines.splice(markdown ? 1 : 0, 0, `${m.key}: ${m.value}`);
      return lines.join('\n');
    case 'insert': {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at);
    }
    case 'truncate':
      return text.slice(0, m.at % (text.length + 1));
    case 'empty':
      return '';
    case 'bom':
      return `\ufeff${text}`;
    case 'crlf':
      return text.replace(/\n/g, '\r\n');
    case 'bomb':
      return markdown ? text.replace(/^---\n/, `---\n${ALIAS_BOMB}`) : `${ALIAS_BOMB}${text}`;
  }
}

let dir: string;
let files: string[];
const originals = new Map<string, string>();

beforeAll(() => {
  dir = contentTree({}, 'content');
  const removed = readdirSync(join(dir, 'blog')).sort().slice(KEPT_POSTS);
  for (const post of removed) rmSync(join(dir, 'blog', post));
  const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name))]));
  files = walk(dir).filter((f) => /\.(md|ya?ml)$/.test(f)).sort();
  // Links to the posts left out go to the blog instead, so the trimmed tree has no broken link.
  const gone = new RegExp(`/blog/(${removed.map((p) => p.replace(/\.md$/, '')).join('|')})\\b`, 'g');
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8').replace(gone, '/blog');
    writeFileSync(join(dir, f), text);
    originals.set(f, text);
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-out`, { recursive: true, force: true });
});

/**
 * Warnings of src/check/check-seo.ts about a page's whole title or description, which is not
 * always written in one place of one file (a title made of a page's title and the site name).
 */
const SEO_WARNINGS = new Set(['TitleTooLongWarning', 'DescriptionLengthWarning', 'DuplicateTitleWarning', 'DuplicateDescriptionWarning']);

/** What must hold of every run's diagnostics: each names a file, none is an internal error or a stack. */
function expectClean(diagnostics: Diagnostic[], label: string): void {
  const text = formatDiagnostics(diagnostics, 'text');
  const problems = [
    ...diagnostics.filter((d) => !d.file && !SEO_WARNINGS.has(d.code)).map((d) => `no file: [${d.code}] ${d.message}`),
    ...diagnostics.filter((d) => d.code === 'InternalError').map((d) => `internal error: ${d.message}`),
    ...(/^\s+at /m.test(text) ? ['a stack trace in the output'] : []),
    ...(/probably a bug/.test(text) ? ['"probably a bug" in the output'] : []),
  ];
  expect(problems, `${label}\n${text}`).toEqual([]);
}

describe('content fuzzing', () => {
  it('the trimmed real content builds and checks clean (the base every mutation starts from)', async () => {
    const config = resolveConfig({ content: dir, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT);
    const checked = await checkSite(config);
    expect(checked.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }, 120_000);

  it(`random mutations never crash check or build, and they agree (${RUNS} runs, seed ${SEED})`, async () => {
    const edit = fc.record({
      targets: fc.uniqueArray(fc.nat({ max: files.length - 1 }), { minLength: 1, maxLength: 2 }),
      mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
    });
    await fc.assert(fc.asyncProperty(edit, async ({ targets, mutations }) => {
      const changed = targets.map((t) => files[t]);
      try {
        for (const file of changed) {
          const text = mutations.reduce((t, m) => mutate(t, m, file.endsWith('.md')), originals.get(file)!);
          writeFileSync(join(dir, file), text);
        }
        const config = resolveConfig({ content: dir, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT);
        const label = `mutated ${changed.join(', ')} with ${JSON.stringify(mutations)}`;
        const checked = await checkSite(config);
        expectClean(checked.diagnostics, `check: ${label}`);
        const built = await build(config, { writer: new MemoryWriter(), links: true, budgets: true, workers: false });
        expectClean(built.state.diagnostics, `build: ${label}`);
        expect(built.ok, `build and check disagree: ${label}\n${formatDiagnostics(checked.diagnostics, 'text')}`).toBe(!hasErrors(checked.diagnostics));
      } finally {
        for (const file of changed) writeFileSync(join(dir, file), originals.get(file)!);
      }
    }), { seed: SEED, numRuns: RUNS, verbose: true });
  }, 900_000);

  it('the CLI exits 0 or 1 on hostile content, with diagnostics and no stack trace', () => {
    const post = files.find((f) => f.startsWith('blog/'))!;
    try {
      writeFileSync(join(dir, post), `\ufeff${mutate(originals.get(post)!, { kind: 'bomb' }, true)}`.replace(/\n/g, '\r\n'));
      writeFileSync(join(dir, 'gallery.yaml'), '');
      for (const command of ['check', 'build']) {
        const r = runCli([command, '--content', dir, ...(command === 'build' ? ['--out', `${dir}-out`] : [])]);
        const output = r.stdout + r.stderr;
        expect(r.code, output).toBe(1);
        expect(output).toContain('YamlAliasLimitError');
        expect(output).toContain(join(dir, 'gallery.yaml'));
        expect(output).not.toMatch(/^\s+at /m);
        expect(output).not.toContain('probably a bug');
      }
    } finally {
      writeFileSync(join(dir, post), originals.get(post)!);
      writeFileSync(join(dir, 'gallery.yaml'), originals.get('gallery.yaml')!);
    }
  }, 300_000);
});

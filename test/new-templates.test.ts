// `stitch new` from templates (issue 27, item 3): the shipped templates/new/post.md and
// location.yaml write exactly what the code wrote before them, whatever the title holds; a site's
// own template is a kind `stitch new` knows and lists; a template that does not parse or validate
// once filled is an error naming it, and writes nothing.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { newContent } from '../src/scaffold/new-content.ts';
import { newKinds } from '../src/scaffold/new-kinds.ts';
import { contentTree, ROOT } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tree = (files: Record<string, string> = {}) => {
  const dir = contentTree(files, 'test/fixtures/mini');
  dirs.push(dir);
  return dir;
};

// What src/scaffold/new-content.ts wrote before the templates (commit a768389), the reference.
function postFile(title: string, date: string, author: string): string {
  const front = stringify({
    title,
    description: 'TODO: one or two sentences (120 to 160 characters) for search results and the blog card.',
    date,
    author,
    tags: [],
    draft: true,
  }, { lineWidth: 0 });
  return `---
${front}---
<!-- A draft: \`stitch dev\` shows it with a "Draft" badge; \`stitch build\` leaves it out until you delete \`draft: true\`. A date after today schedules it. -->
Open with the question this article answers, in two or three sentences.

## What to know first

## How we do it in the shop

## What it costs and how long it takes

## Next steps

Send us photos for a free quote.
`;
}

function locationFile(id: string, name: string): string {
  return stringify({
    id,
    name,
    title: `Upholstery & Detailing in ${name}, NM`,
    subtitle: `TODO: one line about ${name} and how far it is from our shop`,
    geo: { lat: 0, lng: 0 },
    description: [
      `TODO: what people in ${name} bring us (furniture, vehicles, local landmarks).`,
      'TODO: the work we do there most often, and how.',
      `TODO: how to reach us from ${name}: distance, photos for a quote, the free consultation.`,
    ],
    servicesIntro: `TODO: the services ${name} customers need most.`,
    metaTitle: `${name} Upholstery & Detailing`,
    metaDescription: `TODO: 120 to 160 characters on upholstery and detailing for ${name}, NM.`,
  }, { lineWidth: 0 });
}

describe('the shipped templates', () => {
  const titles = [
    'Café Seats: Don\'t Panic!', 'Los Alamos', 'Перетяжка сидений', '"Quoted" at the start', 'It\'s #1 - really?', 'yes', '123', 'null',
    '- a dash first', '[brackets]', '{braces}', '& an ampersand', '* a star', 'Colon: and # hash', 'Back\\slash', 'x'.repeat(150), 'Title with {{slug}} inside',
  ];
  const kinds = newKinds(join(ROOT, 'templates'));

  it('are the kinds post and location', () => {
    expect(kinds.map((k) => [k.name, k.folder, k.ext])).toEqual([['location', 'locations', '.yaml'], ['post', 'blog', '.md']]);
  });

  it.each(titles)('write what the code wrote: %s', (title) => {
    const content = tree();
    const config = resolveConfig({ content, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600' }, ROOT);
    for (const [kind, author] of [['post', 'Elena "E" Marquez: Editor'], ['location', undefined]] as const) {
      const result = newContent(kinds.find((k) => k.name === kind)!, { title, slug: 'the-slug', author }, config);
      expect(result, JSON.stringify(result)).toHaveProperty('file');
      const text = readFileSync(join(content, kind === 'post' ? 'blog/the-slug.md' : 'locations/the-slug.yaml'), 'utf8');
      expect(text).toBe(kind === 'post' ? postFile(title, '2025-12-31', author!) : locationFile('the-slug', title));
    }
  });
});

describe('a site\'s own templates', () => {
  function project(templates: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'stitch-new-'));
    dirs.push(root);
    mkdirSync(join(root, 'templates/new'), { recursive: true });
    for (const [name, text] of Object.entries(templates)) writeFileSync(join(root, 'templates/new', name), text);
    return root;
  }
  const detailing = readFileSync(join(ROOT, 'test/fixtures/mini/detailing/deep-clean.yaml'), 'utf8')
    .replace(/^id: .*$/m, 'id: "{{slug}}"').replace(/^title: .*$/m, 'title: "{{title}}"').replace(/^h1: .*$/m, 'h1: Professional {{title}}');

  it('a kind per template: listed by new --help, writes to content/<kind>/, validated', () => {
    const root = project({ 'detailing.yaml': detailing, 'post.md': readFileSync(join(ROOT, 'templates/new/post.md'), 'utf8') });
    const help = runCli(['new', '--help'], {}, root);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/detailing \[options\] \[title\]/);
    expect(help.stdout).toMatch(/post \[options\] \[title\]/);
    expect(help.stdout).not.toMatch(/location \[options\]/);
    const content = tree();
    const r = runCli(['new', 'detailing', 'Steam Cleaning', '--content', content], {}, root);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(content, 'detailing/steam-cleaning.yaml'), 'utf8');
    expect(text).toContain('id: steam-cleaning\n');
    expect(text).toContain('title: Steam Cleaning\n');
    expect(text).toContain('h1: Professional Steam Cleaning\n');
  });

  it('one that does not validate or parse once filled: an error naming it, nothing written', () => {
    const location = readFileSync(join(ROOT, 'templates/new/location.yaml'), 'utf8');
    const root = project({ 'location.yaml': location.replace('  lat: 0', '  lat: "{{title}}"'), 'broken.yaml': 'title: [{{title}}\n' });
    const content = tree();
    const invalid = runCli(['new', 'location', 'Santa Fe', '--content', content], {}, root);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('The template templates/new/location.yaml does not give a valid file once filled in: Field `geo.lat`: expected a number');
    expect(existsSync(join(content, 'locations/santa-fe.yaml'))).toBe(false);
    const broken = runCli(['new', 'broken', 'Anything', '--content', content], {}, root);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('The template templates/new/broken.yaml does not give a valid file once filled in: its YAML does not parse');
    expect(existsSync(join(content, 'broken'))).toBe(false);
    for (const out of [invalid, broken]) expect(out.stderr).not.toMatch(/\n\s+at /);
  });
});

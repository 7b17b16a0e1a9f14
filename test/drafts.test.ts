// Drafts and scheduled posts (issue #13): `draft: true` and a date after the build day
// (America/Denver) keep a post out of every output of a build; dev and `build --drafts` show
// it with a badge; a link to one is an error naming both files; check notes scheduled posts.
// The fixture is test/fixtures/mini plus test/fixtures/drafts (a draft and a post dated
// 2026-01-01). Build time: SOURCE_DATE_EPOCH 1767225600 = 2026-01-01 00:00 UTC, still
// December 31 in Denver.
import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { businessDay, publicationStatus } from '../src/content/publication.ts';
import { DevSession } from '../src/dev/dev-session.ts';
import { MemoryWriter } from '../src/output/writer.ts';
import { contentTree, fixtureFiles, ROOT } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';

const DRAFT = { slug: 'zanzibar-draft-notes', title: 'Zanzibar Draft Notes', tag: 'zanzibar-topic' };
const SCHEDULED = { slug: 'quokka-scheduled-article', title: 'Quokka Scheduled Article', tag: 'quokka-topic' };
/** 2026-01-01 00:00 in Denver (UTC-7 in winter). */
const DENVER_NEW_YEAR = Date.UTC(2026, 0, 1, 7) / 1000;
const EPOCH = '1767225600';

const dirs: string[] = [];
function fixture(extra: Record<string, string> = {}): string {
  const dir = contentTree({ ...fixtureFiles('drafts'), ...extra }, 'test/fixtures/mini');
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function buildInMemory(content: string, flags: { drafts?: boolean; mode?: 'development' } = {}, epoch = EPOCH, links = false) {
  const config = resolveConfig({ content, root: ROOT, ...flags }, { SOURCE_DATE_EPOCH: epoch }, ROOT);
  const writer = new MemoryWriter();
  const result = await build(config, { writer, copyAssets: false, links, workers: false });
  const text = (file: string) => writer.text(file);
  const doc = (file: string) => parseHTML(writer.text(file) ?? '').document as unknown as Document;
  return { ...result, writer, text, doc };
}

const contents = (v: string | Uint8Array) => (typeof v === 'string' ? v : Buffer.from(v).toString('utf8'));

describe('the publication rule', () => {
  it('a post dated D appears from 00:00 America/Denver on D; draft: true never', () => {
    expect(businessDay(DENVER_NEW_YEAR * 1000 - 1)).toBe('2025-12-31');
    expect(businessDay(DENVER_NEW_YEAR * 1000)).toBe('2026-01-01');
    expect(publicationStatus({ date: '2026-01-01' }, DENVER_NEW_YEAR * 1000 - 1)).toBe('scheduled');
    expect(publicationStatus({ date: '2026-01-01' }, DENVER_NEW_YEAR * 1000)).toBeUndefined();
    // Summer time: 2026-07-04 starts at 06:00 UTC.
    expect(publicationStatus({ date: '2026-07-04' }, Date.UTC(2026, 6, 4, 5, 59))).toBe('scheduled');
    expect(publicationStatus({ date: '2026-07-04' }, Date.UTC(2026, 6, 4, 6))).toBeUndefined();
    expect(publicationStatus({ date: '2020-01-01', draft: true }, Date.UTC(2030, 0, 1))).toBe('draft');
    // The machine's own time zone plays no part.
    const tz = process.env.TZ;
    try {
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = zone;
        expect(businessDay(DENVER_NEW_YEAR * 1000 - 1), zone).toBe('2025-12-31');
        expect(businessDay(DENVER_NEW_YEAR * 1000), zone).toBe('2026-01-01');
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });
});

describe('a build leaves drafts and scheduled posts out of every output file', { timeout: 120_000 }, () => {
  it('no page, listing entry, tag, related link, sitemap or other mention; published posts stay', async () => {
    const site = await buildInMemory(fixture());
    expect(site.ok, site.state.diagnostics.map((d) => d.message).join('\n')).toBe(true);
    expect(site.state.graph!.withheld.map((p) => [p.slug, p.status])).toEqual([[SCHEDULED.slug, 'scheduled'], [DRAFT.slug, 'draft']]);
    expect(site.writer.files.size).toBeGreaterThan(10);
    // The feeds are among the files searched (#14: drafts never reach a feed).
    for (const feed of ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']) expect(site.text(feed), feed).toContain('First Post');
    for (const [file, value] of site.writer.files) {
      const text = contents(value);
      for (const needle of [DRAFT.slug, DRAFT.title, DRAFT.tag, SCHEDULED.slug, SCHEDULED.title, SCHEDULED.tag]) {
        expect(text.includes(needle), `${file} mentions ${needle}`).toBe(false);
      }
    }
    expect(site.text('blog/first-post/index.html')).toContain('First Post');
    expect(site.text('sitemap.xml')).toContain('/blog/first-post');
  });

  it('the scheduled post appears once SOURCE_DATE_EPOCH reaches 00:00 of its day in Denver (the draft still not)', async () => {
    const content = fixture();
    const before = await buildInMemory(content, {}, String(DENVER_NEW_YEAR - 1));
    expect(before.text(`blog/${SCHEDULED.slug}/index.html`)).toBeUndefined();
    const after = await buildInMemory(content, {}, String(DENVER_NEW_YEAR));
    expect(after.ok).toBe(true);
    const page = after.doc(`blog/${SCHEDULED.slug}/index.html`);
    expect(page.querySelector('h1')?.textContent).toBe(SCHEDULED.title);
    expect(page.querySelector('.badge-status')?.textContent).toBeUndefined();
    expect(after.text('sitemap.xml')).toContain(`/blog/${SCHEDULED.slug}`);
    expect(after.text('blog/index.html')).toContain(SCHEDULED.title);
    expect(after.text(`blog/${DRAFT.slug}/index.html`)).toBeUndefined();
  });
});

describe('dev and build --drafts show them, with a badge', { timeout: 120_000 }, () => {
  for (const [name, flags] of [['build --drafts', { drafts: true }], ['dev', { mode: 'development' as const }]] as const) {
    it(`${name}: the post pages carry "Draft" / "Scheduled for <date>", the listing cards too; noindex, not in the sitemap`, async () => {
      const site = await buildInMemory(fixture(), flags);
      expect(site.ok, site.state.diagnostics.map((d) => d.message).join('\n')).toBe(true);
      const draft = site.doc(`blog/${DRAFT.slug}/index.html`);
      expect(draft.querySelector('h1')?.textContent).toBe(DRAFT.title);
      for (const feed of ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']) {
        expect(site.text(feed), feed).toContain('First Post');
        for (const needle of [DRAFT.slug, SCHEDULED.slug]) expect(site.text(feed)?.includes(needle), `${feed} lists ${needle}`).toBe(false);
      }
      expect(draft.querySelector('.post-header .badge-status')?.textContent).toBe('Draft');
      expect(draft.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      const scheduled = site.doc(`blog/${SCHEDULED.slug}/index.html`);
      expect(scheduled.querySelector('.post-header .badge-status')?.textContent).toBe('Scheduled for January 1, 2026');
      const listing = site.doc('blog/index.html');
      const badges = [...listing.querySelectorAll('.badge-status')].map((b) => b.textContent);
      expect(badges).toContain('Draft');
      expect(badges).toContain('Scheduled for January 1, 2026');
      // A published post's card has no badge.
      const published = [...listing.querySelectorAll('article')].find((a) => a.textContent?.includes('First Post'));
      expect(published?.querySelector('h3')?.textContent).toBe('First Post');
    expect(published?.querySelector('.badge-status')?.textContent).toBeUndefined();
      expect(site.text('sitemap.xml')).not.toContain(DRAFT.slug);
    });
  }
});

describe('bad input and links', { timeout: 120_000 }, () => {
  it('draft: that is not a boolean is an error at its line', async () => {
    const content = fixture({ 'blog/zanzibar-draft-notes.md': readFileSync(join(ROOT, 'test/fixtures/drafts/blog/zanzibar-draft-notes.md'), 'utf8').replace('draft: true', 'draft: "yes"') });
    const site = await buildInMemory(content);
    expect(site.ok).toBe(false);
    const error = site.state.diagnostics.find((d) => d.field === 'draft');
    expect(error).toMatchObject({ code: 'ContentSchemaError', line: 7, file: expect.stringContaining('zanzibar-draft-notes.md') });
    expect(error?.message).toBe('Field `draft`: expected true or false, found the text "yes".');
  });

  it('a link from a published post to a draft or scheduled post fails the build, naming both files', async () => {
    const first = readFileSync(join(ROOT, 'test/fixtures/mini/blog/first-post.md'), 'utf8')
      .replace('## Caring for leather', `## Caring for leather\n\nRead [the notes](/blog/${DRAFT.slug}) and [the article](/blog/${SCHEDULED.slug}#coming-soon).`);
    const content = fixture({ 'blog/first-post.md': first });
    const site = await buildInMemory(content, {}, EPOCH, true);
    expect(site.ok).toBe(false);
    const found = site.state.diagnostics.filter((d) => d.code === 'LinkToUnpublishedPostError');
    expect(found).toHaveLength(2);
    expect(found[0].file).toMatch(/blog\/first-post\.md$/);
    expect(found[0].line).toBe(11);
    expect(found[0].message).toContain('first-post.md links to "/blog/zanzibar-draft-notes"');
    expect(found[0].message).toContain('zanzibar-draft-notes.md is a draft');
    expect(found[1].message).toContain('quokka-scheduled-article.md is scheduled for January 1, 2026');
    expect(site.state.diagnostics.some((d) => d.code === 'BrokenLinkError')).toBe(false);
    // With the drafts shown, the link works.
    expect((await buildInMemory(content, { drafts: true }, EPOCH, true)).ok).toBe(true);
  });

  it('the CLI build reports it without a stack trace and leaves the previous output untouched', () => {
    const first = readFileSync(join(ROOT, 'test/fixtures/mini/blog/first-post.md'), 'utf8')
      .replace('## Caring for leather', `## Caring for leather\n\nRead [the notes](/blog/${DRAFT.slug}).`);
    const content = fixture();
    const out = join(content, '..', `${content.split('/').pop()}-dist`);
    dirs.push(out);
    const ok = runCli(['build', '--content', content, '--out', out, '--no-budgets']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Left out 1 draft and 1 scheduled post');
    const before = readFileSync(join(out, 'blog/first-post/index.html'), 'utf8');
    writeFileSync(join(content, 'blog/first-post.md'), first);
    const r = runCli(['build', '--content', content, '--out', out, '--no-budgets']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('LinkToUnpublishedPostError');
    expect(r.stderr).toMatch(/first-post\.md links to "\/blog\/zanzibar-draft-notes".*zanzibar-draft-notes\.md is a draft/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(out, 'blog/first-post/index.html'), 'utf8')).toBe(before);
    expect(existsSync(join(out, `blog/${DRAFT.slug}`))).toBe(false);
  });
});

describe('stitch check lists scheduled posts', { timeout: 120_000 }, () => {
  it('as a note with the day it appears, in json, github and text; notes never fail the check', () => {
    const content = fixture();
    const json = JSON.parse(runCli(['check', '--content', content, '--format', 'json']).stdout) as { warnings: number; errors: number; diagnostics: { code: string; severity: string; message: string; file: string; line: number }[] };
    const notes = json.diagnostics.filter((d) => d.code === 'ScheduledPostInfo');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ severity: 'info', line: 4, file: expect.stringContaining(`${SCHEDULED.slug}.md`) });
    expect(notes[0].message).toContain('"Quokka Scheduled Article" is scheduled: it appears on the site from January 1, 2026, 00:00 America/Denver');
    // Notes are counted in neither errors nor warnings (the fixture's one warning is a dropped reference).
    expect(json).toMatchObject({ errors: 0, warnings: json.diagnostics.filter((d) => d.severity === 'warning').length });
    const github = runCli(['check', '--content', content, '--format', 'github']);
    expect(github.stdout).toMatch(/^::notice file=[^,]*quokka-scheduled-article\.md,line=4,col=\d+,title=Scheduled post::/m);
    const text = runCli(['check', '--content', content, '--strict']);
    expect(text.stdout).toMatch(/quokka-scheduled-article\.md:4:\d+ info "Quokka Scheduled Article" is scheduled/);
    expect(text.stdout).toContain('1 note');
  });
});

describe('stitch new post', { timeout: 120_000 }, () => {
  it('writes a draft with today\'s Denver date, the site name as author, prints its path; the loader accepts it', async () => {
    const content = fixture();
    const r = runCli(['new', 'post', 'Café Seats: Don\'t Panic!', '--content', content], { SOURCE_DATE_EPOCH: EPOCH });
    expect(r.code, r.stderr).toBe(0);
    const file = join(content, 'blog/cafe-seats-dont-panic.md');
    expect(r.stdout.trim()).toBe(file);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^---\ntitle: "Café Seats: Don't Panic!"\ndescription: "TODO: [^\n]+"\ndate: 2025-12-31\nauthor: Mini Upholstery\ntags: \[\]\ndraft: true\n---\n/);
    expect(text).toContain('## ');
    const preview = await buildInMemory(content, { drafts: true });
    expect(preview.ok, preview.state.diagnostics.map((d) => d.message).join('\n')).toBe(true);
    expect(preview.doc('blog/cafe-seats-dont-panic/index.html').querySelector('.badge-status')?.textContent).toBe('Draft');
    expect((await buildInMemory(content)).text('blog/cafe-seats-dont-panic/index.html')).toBeUndefined();
  });

  it('--slug and --author; refuses to overwrite (exit 1); a title without a slug or no title is bad usage (exit 2)', () => {
    const content = fixture();
    const r = runCli(['new', 'post', 'Anything', '--slug', 'my-own-slug', '--author', 'Ray Chavez', '--content', content]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(content, 'blog/my-own-slug.md'), 'utf8')).toContain('author: Ray Chavez\n');
    writeFileSync(join(content, 'blog/my-own-slug.md'), 'kept');
    const again = runCli(['new', 'post', 'Anything', '--slug', 'my-own-slug', '--content', content]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('my-own-slug.md already exists; stitch new never overwrites a file.');
    expect(readFileSync(join(content, 'blog/my-own-slug.md'), 'utf8')).toBe('kept');
    const empty = runCli(['new', 'post', '¡¿…?!', '--content', content]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('The title "¡¿…?!" has no letters or digits a file name can use');
    expect(empty.stderr).toContain('--slug');
    // Chinese has no spelling in a-z: refused, saying which scripts are spelled and that --slug names the file.
    const chinese = runCli(['new', 'post', '汽车座椅翻新', '--content', content]);
    expect(chinese.code).toBe(2);
    expect(chinese.stderr).toContain('Cyrillic, Greek and Arabic letters are spelled in a-z, Chinese, Japanese, Korean and other scripts are not');
    expect(chinese.stderr).toContain('stitch new post "汽车座椅翻新" --slug my-post');
    const none = runCli(['new', 'post', '--content', content]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('`stitch new post` needs a title.');
    const badSlug = runCli(['new', 'post', 'X', '--slug', 'Not A Slug', '--content', content]);
    expect(badSlug.code).toBe(2);
    expect(badSlug.stderr).toContain('--slug "Not A Slug" is not a slug');
    for (const out of [empty, none, badSlug, again, chinese]) expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('a Cyrillic title is transliterated; a 300-character title is cut at a word within 80; a name too long for the file system is reported as that', () => {
    const content = fixture();
    const cyrillic = runCli(['new', 'post', 'Перетяжка сидений в Альбукерке', '--content', content]);
    expect(cyrillic.code, cyrillic.stderr).toBe(0);
    expect(cyrillic.stdout.trim()).toBe(join(content, 'blog/peretyazhka-sideniy-v-albukerke.md'));
    expect(readFileSync(cyrillic.stdout.trim(), 'utf8')).toContain('title: Перетяжка сидений в Альбукерке\n');
    const title = Array.from({ length: 30 }, (_, i) => `Upholstery${i}`).join(' ').slice(0, 300);
    expect(title).toHaveLength(300);
    const long = runCli(['new', 'post', title, '--content', content]);
    expect(long.code, long.stderr).toBe(0);
    const slug = long.stdout.trim().split('/').pop()!.replace(/\.md$/, '');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^upholstery0-upholstery1-.*-upholstery\d+$/); // whole words only
    expect(title.toLowerCase().replaceAll(' ', '-').startsWith(slug)).toBe(true);
    const tooLong = runCli(['new', 'post', 'Anything', '--slug', 'a'.repeat(300), '--content', content]);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('could not be written: the file name is too long for the file system (ENAMETOOLONG)');
    expect(tooLong.stderr).not.toContain('already exists');
  });

  it('stitch new --help lists the kinds; new location writes a page the loader accepts', async () => {
    const help = runCli(['new', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/post \[options\] \[title\]/);
    expect(help.stdout).toMatch(/location \[options\] \[title\]/);
    const content = fixture();
    const r = runCli(['new', 'location', 'Los Alamos', '--content', content]);
    expect(r.code, r.stderr).toBe(0);
    // A preview shows the new page, with a warning per placeholder.
    const preview = await buildInMemory(content, { drafts: true });
    expect(preview.ok, preview.state.diagnostics.map((d) => d.message).join('\n')).toBe(true);
    expect(preview.doc('locations/los-alamos/index.html').querySelector('h1')?.textContent).toContain('Los Alamos');
    expect(preview.state.diagnostics.filter((d) => d.code === 'PlaceholderWarning').map((d) => d.field)).toEqual(expect.arrayContaining(['subtitle', 'geo', 'metaDescription']));
    // Placeholders left in a live page are refused: the location's, and a new post's once published.
    expect(runCli(['new', 'post', 'Published Too Soon', '--content', content]).code).toBe(0);
    const postFile = join(content, 'blog/published-too-soon.md');
    writeFileSync(postFile, readFileSync(postFile, 'utf8').replace('draft: true\n', ''));
    const report = JSON.parse(runCli(['check', '--content', content, '--format', 'json']).stdout) as { diagnostics: { code: string; severity: string; file: string; field: string; line: number }[] };
    const placeholders = report.diagnostics.filter((d) => d.code === 'PlaceholderError' && d.severity === 'error').map((d) => `${d.file.split('/').pop()} ${d.field} ${d.line}`);
    expect(placeholders).toEqual(expect.arrayContaining(['published-too-soon.md description 3', 'los-alamos.yaml subtitle 4', 'los-alamos.yaml geo 6', 'los-alamos.yaml description[0] 9', 'los-alamos.yaml metaDescription 14']));
  });

  it('new location followed by a plain build: the build fails on the placeholders and publishes nothing', () => {
    const content = fixture();
    expect(runCli(['new', 'location', 'Santa Fe', '--content', content]).code).toBe(0);
    const out = join(content, '..', `out-${Date.now()}`);
    const r = runCli(['build', '--content', content, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/santa-fe\.yaml:4:\d+ error Field `subtitle` still holds a placeholder, and the page would publish it: TODO/);
    expect(r.stderr).toContain('[PlaceholderError]');
    expect(existsSync(join(out, 'locations/santa-fe/index.html'))).toBe(false);
  });
});

describe('stitch dev notices a scheduled post coming due', { timeout: 120_000 }, () => {
  it('a request after 00:00 Denver of its day rebuilds: the badge goes, without any file change; a draft flip too', async () => {
    const content = fixture();
    let now = DENVER_NEW_YEAR * 1000 - 60_000;
    const config = resolveConfig({ content, root: ROOT, mode: 'development' }, {}, ROOT);
    const builder = new DevSession(config, { extraHead: '', now: () => now });
    await builder.fresh();
    const page = () => parseHTML(builder.output!.text(`blog/${SCHEDULED.slug}/index.html`) ?? '').document;
    expect(page().querySelector('.post-header .badge-status')?.textContent).toBe('Scheduled for January 1, 2026');
    await builder.fresh();
    expect(page().querySelector('.post-header .badge-status')?.textContent).toBe('Scheduled for January 1, 2026');
    now = DENVER_NEW_YEAR * 1000;
    await builder.fresh();
    expect(page().querySelector('h1')?.textContent).toBe(SCHEDULED.title);
    expect(page().querySelector('.post-header .badge-status')?.textContent).toBeUndefined();
    expect(builder.output!.text('sitemap.xml')).toContain(SCHEDULED.slug);
    // The draft keeps its badge until its flag goes.
    const draftPage = () => parseHTML(builder.output!.text(`blog/${DRAFT.slug}/index.html`) ?? '').document;
    expect(draftPage().querySelector('.post-header .badge-status')?.textContent).toBe('Draft');
    const draftFile = join(content, `blog/${DRAFT.slug}.md`);
    writeFileSync(draftFile, readFileSync(draftFile, 'utf8').replace('draft: true\n', ''));
    await builder.fresh();
    expect(draftPage().querySelector('.post-header .badge-status')?.textContent).toBeUndefined();
    expect(draftPage().querySelector('h1')?.textContent).toBe(DRAFT.title);
  });
});

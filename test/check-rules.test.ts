// stitch check, rule by rule: a content tree that triggers each rule (test/fixtures/check-errors
// on a copy of the real content) and one that does not (test/fixtures/check-clean, and the real
// content itself). Each problem must point at the file and line an editor has to change.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../src/check/check-site.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import type { Diagnostic } from '../src/errors/diagnostic.ts';
import { contentTree, fixtureFiles, ROOT } from './helpers/build-site.ts';

// The real content folder, resolved: when a checkout links content/ elsewhere, contentTree()
// must copy the files, not the link, or the fixtures would be written into the real content.
const REAL_CONTENT = realpathSync(join(ROOT, 'content'));

const fixture = fixtureFiles;

async function check(contentDir: string, env: NodeJS.ProcessEnv = {}) {
  return checkSite(resolveConfig({ content: contentDir, root: ROOT }, { SOURCE_DATE_EPOCH: '1767225600', ...env }, ROOT));
}

const BROKEN = 'blog/check-broken-post.md';
const DUPLICATE = 'blog/check-duplicate-post.md';
const CLEAN = 'blog/check-clean-post.md';

let bad: Diagnostic[];
let clean: Diagnostic[];
let real: Diagnostic[];
let withHook: Diagnostic[];
let loadErrors: Diagnostic[];

/** Diagnostics of one code, optionally in one file of the content tree. */
const find = (list: Diagnostic[], code: string, file?: string) =>
  list.filter((d) => d.code === code && (!file || d.file?.endsWith(`/${file}`) || d.file === file));

beforeAll(async () => {
  const post = (slug: string) => readFileSync(join(REAL_CONTENT, 'blog', `${slug}.md`), 'utf8');
  const [b, c, r, h, l] = await Promise.all([
    check(contentTree(fixture('check-errors'), REAL_CONTENT)),
    check(contentTree(fixture('check-clean'), REAL_CONTENT)),
    check('content'),
    check('content', { VITE_VERCEL_DEPLOY_HOOK: 'https://api.vercel.com/v1/integrations/deploy/prj_x/abc' }),
    // One post fails to load (other posts link to it), another names a missing cover image.
    check(contentTree({
      'blog/signs-leather-seats-need-repair.md': post('signs-leather-seats-need-repair').replace(/^date: .*$/m, 'date: 2024-02-31'),
      'blog/diy-vs-professional-leather-seat-repair.md': post('diy-vs-professional-leather-seat-repair').replace(/^coverImage: .*$/m, 'coverImage: /images/blog/nope.jpg'),
    }, REAL_CONTENT)),
  ]);
  [bad, clean, real, withHook, loadErrors] = [b.diagnostics, c.diagnostics, r.diagnostics, h.diagnostics, l.diagnostics];
}, 240_000);

describe('the real content', () => {
  it('has no errors', () => {
    expect(real.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([]);
  });

  it('has none of the problems the editors are responsible for', () => {
    const codes = new Set(real.map((d) => d.code));
    for (const code of ['BrokenLinkError', 'BrokenFragmentError', 'MissingFileError', 'RawHtmlWarning', 'SimilarTagsWarning', 'ImageAltWarning',
      'LinkToRedirectWarning', 'DuplicateTitleWarning', 'DuplicateDescriptionWarning', 'DeployHookPublicWarning', 'TitleTooLongWarning',
      'RedirectLoopError', 'RedirectChainWarning', 'RedirectTargetMissingError', 'RedirectSourceIsPageError']) {
      expect(codes.has(code), code).toBe(false);
    }
  });
});

describe('the clean fixture post', () => {
  it('triggers no rule at all', () => {
    expect(clean.filter((d) => d.file?.endsWith(CLEAN))).toEqual([]);
    expect(clean.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('links and files', () => {
  it('BrokenLinkError: a link to a missing page, at the line of the Markdown link', () => {
    const [d] = find(bad, 'BrokenLinkError', BROKEN);
    expect(d).toMatchObject({ severity: 'error', line: 12, column: 3 });
    expect(d.message).toContain('"/blog/no-such-post" on /blog/check-broken-post');
    expect(d.frame).toContain('> 12 |');
    expect(find(clean, 'BrokenLinkError')).toEqual([]);
  });

  it('BrokenFragmentError: a #fragment with no element of that id on the target page', () => {
    const [d] = find(bad, 'BrokenFragmentError', BROKEN);
    expect(d).toMatchObject({ severity: 'error', line: 14 });
    expect(d.message).toContain('/about has no element with id "no-such-heading"');
    // The good same-page fragment on line 16 and the clean post's fragments resolve.
    expect(find(bad, 'BrokenFragmentError')).toHaveLength(1);
    expect(find(clean, 'BrokenFragmentError')).toEqual([]);
  });

  it('MissingFileError: an image that does not exist', () => {
    const [d] = find(bad, 'MissingFileError', BROKEN);
    expect(d).toMatchObject({ severity: 'error', line: 18 });
    expect(d.message).toContain('image "/images/blog/missing-picture.jpg"');
    expect(find(clean, 'MissingFileError')).toEqual([]);
  });

  it('LinkToRedirectWarning: a link that goes through a redirect', () => {
    const [d] = find(bad, 'LinkToRedirectWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 24 });
    expect(d.message).toContain('"/team"');
    expect(d.message).toContain('"/about"');
    expect(find(clean, 'LinkToRedirectWarning')).toEqual([]);
  });

  it('InsecureLinkWarning: a link to an http:// page', () => {
    const [d] = find(bad, 'InsecureLinkWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 26 });
    expect(d.hint).toContain('https://example.com/upholstery');
    expect(find(clean, 'InsecureLinkWarning', CLEAN)).toEqual([]);
  });
});

describe('redirects', () => {
  const redirects = () => bad.filter((d) => d.file?.endsWith('redirects.yaml'));
  it('RedirectChainWarning names both hops', () => {
    const [d] = find(redirects(), 'RedirectChainWarning');
    expect(d).toMatchObject({ severity: 'warning', line: 4 });
    expect(d.message).toContain('/old-a → /old-b → /about');
  });
  it('RedirectLoopError', () => {
    expect(find(redirects(), 'RedirectLoopError').map((d) => d.line)).toEqual([6, 7]);
  });
  it('RedirectTargetMissingError', () => {
    expect(find(redirects(), 'RedirectTargetMissingError')).toMatchObject([{ severity: 'error', line: 8 }]);
  });
  it('RedirectSourceIsPageError', () => {
    expect(find(redirects(), 'RedirectSourceIsPageError')).toMatchObject([{ severity: 'error', line: 9 }]);
  });
  it('none on the clean tree', () => {
    expect(clean.filter((d) => d.code.startsWith('Redirect'))).toEqual([]);
  });
});

describe('SEO', () => {
  it('TitleTooLongWarning: the full page title over 60 characters, at the title field', () => {
    const [d] = find(bad, 'TitleTooLongWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 2 });
    expect(d.message).toMatch(/is \d+ characters long \(over 60\)/);
    expect(find(clean, 'TitleTooLongWarning', CLEAN)).toEqual([]);
  });

  it('DescriptionLengthWarning: under 50 characters (with the Albuquerque suffix added)', () => {
    const [d] = find(bad, 'DescriptionLengthWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 3 });
    expect(d.message).toContain('under 50');
    expect(find(clean, 'DescriptionLengthWarning', CLEAN)).toEqual([]);
  });

  it('DuplicateTitleWarning and DuplicateDescriptionWarning name the other page', () => {
    const title = find(bad, 'DuplicateTitleWarning', BROKEN);
    expect(title).toHaveLength(1);
    expect(title[0].message).toContain('/blog/check-duplicate-post');
    expect(find(bad, 'DuplicateTitleWarning', DUPLICATE)[0].message).toContain('/blog/check-broken-post');
    expect(find(bad, 'DuplicateDescriptionWarning', DUPLICATE)).toMatchObject([{ line: 3 }]);
    expect(find(clean, 'DuplicateTitleWarning')).toEqual([]);
    expect(find(clean, 'DuplicateDescriptionWarning')).toEqual([]);
  });

  it('ImageAltWarning: a Markdown image without alt text', () => {
    const [d] = find(bad, 'ImageAltWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 20, column: 1 });
    expect(d.message).toContain('"/images/logo.png" on /blog/check-broken-post');
    expect(find(clean, 'ImageAltWarning')).toEqual([]);
  });
});

describe('content', () => {
  it('SimilarTagsWarning: a tag that differs from a common one only by case and spacing', () => {
    const [d] = find(bad, 'SimilarTagsWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 6, field: 'tags[0]' });
    expect(d.message).toContain('"Car Interior" differs from "car-interior"');
    expect(find(clean, 'SimilarTagsWarning')).toEqual([]);
  });

  it('RawHtmlWarning: raw HTML in Markdown, which the page drops', () => {
    const [d] = find(bad, 'RawHtmlWarning', BROKEN);
    expect(d).toMatchObject({ severity: 'warning', line: 22, column: 1 });
    expect(d.message).toContain('<div class="callout">');
    expect(find(clean, 'RawHtmlWarning')).toEqual([]);
  });

  it('DeployHookPublicWarning: only when VITE_VERCEL_DEPLOY_HOOK is set', () => {
    expect(find(withHook, 'DeployHookPublicWarning')).toMatchObject([{ severity: 'warning' }]);
    expect(find(real, 'DeployHookPublicWarning')).toEqual([]);
  });
});

describe('a run with content errors', () => {
  it('still reports every other problem, without errors that only follow from the first', () => {
    const dateLine = readFileSync(join(REAL_CONTENT, 'blog/signs-leather-seats-need-repair.md'), 'utf8').split('\n').findIndex((l) => l.startsWith('date:')) + 1;
    expect(find(loadErrors, 'InvalidDateError', 'blog/signs-leather-seats-need-repair.md')).toMatchObject([{ line: dateLine }]);
    expect(find(loadErrors, 'MissingAssetError', 'blog/diy-vs-professional-leather-seat-repair.md')).toHaveLength(1);
    // Posts link to the post that failed to load: its page is missing only because of that error.
    expect(loadErrors.filter((d) => d.message.includes('/blog/signs-leather-seats-need-repair"'))).toEqual([]);
    // The rendered-site checks ran: the real content's warnings are there.
    expect(find(loadErrors, 'InsecureLinkWarning').length).toBe(find(real, 'InsecureLinkWarning').length);
  });
});

describe('order', () => {
  it('sorts by file, line and column, site-wide problems last', () => {
    const keys = bad.map((d) => [d.file ?? '\uffff', d.line ?? 0, d.column ?? 0] as const);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2] - b[2]);
    expect(keys).toEqual(sorted);
  });
});

// Every content error names the file, the line, the field, what was expected and what was
// found — and a run reports all of them at once.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentTree } from '../helpers/build-site.ts';
import { checkReport, runCli } from '../helpers/run-cli.ts';

const BASE = 'test/fixtures/mini';
const post = (front: string, body = '## Hello\n\nText.\n') => `---\n${front}\n---\n${body}`;
const goodFront = 'title: A Post\ndescription: A post written for the error tests, long enough.\ndate: 2025-01-02\nauthor: The Shop Team\ntags: [leather]';

async function errorsOf(files: Record<string, string>) {
  const dir = contentTree(files, BASE);
  const { code, diagnostics } = await checkReport(dir);
  return { code, dir, errors: diagnostics.filter((d) => d.severity === 'error'), all: diagnostics };
}

describe('content errors an editor can act on', () => {
  it('invalid YAML: file, line and reason', async () => {
    const { code, errors } = await errorsOf({ 'gallery.yaml': 'items:\n  - src: /images/logo.png\n   alt: bad indent\n' });
    expect(code).toBe(1);
    expect(errors[0]).toMatchObject({ code: 'YamlSyntaxError', line: 3 });
    expect(errors[0].file).toMatch(/gallery\.yaml$/);
  });

  it('a missing required field names the field and what is expected', async () => {
    const { errors } = await errorsOf({ 'blog/no-title.md': post('description: A post without a title, long enough to pass.\ndate: 2025-01-02\nauthor: Me\ntags: [a]') });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'MissingFieldError', field: 'title', line: 2 });
    expect(errors[0].file).toMatch(/blog\/no-title\.md$/);
    expect(errors[0].message).toContain('a text');
  });

  it('date: 2025-13-45 is an invalid date at its line', async () => {
    const { errors } = await errorsOf({ 'blog/bad-date.md': post(goodFront.replace('2025-01-02', '2025-13-45')) });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'InvalidDateError', field: 'date', line: 4 });
    expect(errors[0].message).toContain('"2025-13-45"');
  });

  it('date: 10/28/2025 is accepted without error', async () => {
    const { code, errors } = await errorsOf({ 'blog/old-date.md': post(goodFront.replace('2025-01-02', '10/28/2025')) });
    expect(errors).toEqual([]);
    expect(code).toBe(0);
  });

  it('tags not a list: expected a list, found a text', async () => {
    const { errors } = await errorsOf({ 'blog/bad-tags.md': post(goodFront.replace('tags: [leather]', 'tags: leather')) });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'ContentSchemaError', field: 'tags', line: 6 });
    expect(errors[0].message).toBe('Field `tags`: expected a list, found the text "leather".');
  });

  it('two posts with the same slug', async () => {
    const { errors } = await errorsOf({ 'blog/first-post.md': post(goodFront), 'blog/archive/first-post.md': post(goodFront) });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'DuplicateIdError', line: 1 });
    expect(errors[0].message).toContain('first-post');
  });

  it('relatedServices naming an unknown id, with a suggestion', async () => {
    const dir = contentTree({}, BASE);
    const file = `${dir}/services/automotive-upholstery.yaml`;
    const text = readFileSync(file, 'utf8').replace('relatedServices: [bravo-service]', 'relatedServices: [bravo-servce]');
    writeFileSync(file, text);
    const { diagnostics } = await checkReport(dir);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    const line = text.split('\n').findIndex((l: string) => l.includes('bravo-servce')) + 1;
    expect(errors[0]).toMatchObject({ code: 'UnknownReferenceError', field: 'services[0].relatedServices[0]', line });
    expect(errors[0].hint).toContain('Did you mean "bravo-service"?');
  });

  it('a redirect whose source is a live page', async () => {
    const { errors } = await errorsOf({ 'redirects.yaml': 'redirects:\n  - { from: /team, to: /about }\n  - { from: /gallery, to: /about }\n' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'RedirectSourceIsPageError', line: 3 });
  });

  it('a redirect to a page that does not exist', async () => {
    const { errors } = await errorsOf({ 'redirects.yaml': 'redirects:\n  - { from: /team, to: /crew }\n' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'RedirectTargetMissingError', line: 2 });
  });

  it('a redirect loop', async () => {
    const { errors } = await errorsOf({ 'redirects.yaml': 'redirects:\n  - { from: /a, to: /b }\n  - { from: /b, to: /a }\n' });
    expect(errors.map((e) => e.code)).toEqual(['RedirectLoopError', 'RedirectLoopError']);
    expect(errors.map((e) => e.line)).toEqual([2, 3]);
  });

  it('reports every error of a run together, and the text output has file:line and a code frame', async () => {
    const dir = contentTree({
      'blog/bad-date.md': post(goodFront.replace('2025-01-02', '2025-13-45')),
      'blog/bad-tags.md': post(goodFront.replace('tags: [leather]', 'tags: leather')),
      'gallery.yaml': 'items: nope\n',
    }, BASE);
    const json = await checkReport(dir);
    expect(json.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(3);
    const text = runCli(['check', '--content', dir]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/blog\/bad-date\.md:4:7 error/);
    expect(text.stdout).toContain('> 4 | date: 2025-13-45');
    expect(text.stdout).toContain('3 errors');
    expect(text.stdout).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/); // no stack trace
  });
});

// Every HTML file of the built site (pages, 404, redirect stubs) passes html-validate with the
// project's configuration (.htmlvalidate.mjs: the recommended preset, less the rules about
// React's spelling). Among them long-title: a <title> over 70 characters is cut in search results.
import { join } from 'node:path';
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, ROOT, type SiteBuild } from './helpers/build-site.ts';

let site: SiteBuild;

beforeAll(async () => {
  site = await buildSite();
  if (!site.ok) throw new Error(`build failed:\n${site.state.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.message}`).join('\n')}`);
});

describe('html-validate', () => {
  it('finds nothing on any page of the site', async () => {
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const files = [...site.writer.files.keys()].filter((f) => f.endsWith('.html')).sort();
    expect(files.length).toBeGreaterThan(90);
    const findings: string[] = [];
    for (const file of files) {
      // A file name inside the project, so the project's configuration applies.
      const report = await validator.validateString(site.html(file), join(ROOT, 'dist', file));
      const messages: Message[] = report.results.flatMap((r) => r.messages);
      for (const m of messages) findings.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(findings).toEqual([]);
  });
});

// The Content-Security-Policy in _headers holds for the pages as built: every inline script of
// every page has its hash in script-src, every frame's origin is in frame-src, and the quote
// webhook and deploy hook origins (from the environment) are in connect-src.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type SiteBuild } from '../helpers/build-site.ts';

/** The CSP of the `/*` rule of _headers, as directive → sources. */
function policyOf(site: SiteBuild): Map<string, string[]> {
  const line = /^\/\*\n(?:\s+.*\n)*?\s+Content-Security-Policy: (.*)$/m.exec(site.html('_headers'));
  expect(line, 'a Content-Security-Policy line in the /* rule').not.toBeNull();
  return new Map(line![1].split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

const htmlFiles = (site: SiteBuild) => [...site.writer.files.keys()].filter((f) => f.endsWith('.html'));
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('Content-Security-Policy of the mini site with hooks set', () => {
  let site: SiteBuild;
  let policy: Map<string, string[]>;
  beforeAll(async () => {
    site = await buildSite('test/fixtures/mini', {
      QUOTE_WEBHOOK_URL: 'https://hooks.example.org/quote?x=1',
      VITE_VERCEL_DEPLOY_HOOK: 'https://api.vercel.com/v1/integrations/deploy/abc',
    });
  });
  beforeAll(() => { policy = policyOf(site); });

  it('script-src has the hash of every inline script of every page (stubs included), and no unsafe-inline', () => {
    const scriptSrc = policy.get('script-src')!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    let inline = 0;
    for (const file of htmlFiles(site)) {
      for (const script of site.doc(file).querySelectorAll('script:not([src])')) {
        const type = script.getAttribute('type');
        if (type && type !== 'module' && type !== 'text/javascript') continue; // JSON data, not run
        inline++;
        expect(scriptSrc, `${file}: ${script.textContent?.slice(0, 60)}`).toContain(hash(script.textContent ?? ''));
      }
    }
    expect(inline).toBeGreaterThan(htmlFiles(site).length - 1);
  });

  it('connect-src has the webhook and deploy hook origins; frame-src every frame origin', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.vercel.com', 'https://hooks.example.org']);
    const frames = htmlFiles(site).flatMap((f) => [...site.doc(f).querySelectorAll('iframe')].map((i) => new URL(i.getAttribute('src')!).origin));
    expect(frames.length).toBeGreaterThan(0);
    for (const origin of frames) expect(policy.get('frame-src')).toContain(origin);
  });

  it('styles: attributes inline (the placeholders), stylesheets only from the site, and no page has a <style>', () => {
    expect(policy.get('style-src-elem')).toEqual(["'self'"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    for (const file of htmlFiles(site)) expect(site.doc(file).querySelector('style'), file).toBeNull();
  });

  it('locks down the rest: no plugins, no framing, base and forms same-origin', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });
});

describe('Content-Security-Policy with no hooks set', () => {
  it('connect-src is same-origin only', async () => {
    expect(policyOf(await buildSite('test/fixtures/mini')).get('connect-src')).toEqual(["'self'"]);
  });
});

import { describe, expect, it } from 'vitest';
import type { RedirectRule } from '../../src/content/types.ts';
import { checkRedirects, resolveRedirect } from '../../src/routes/redirects.ts';

const rule = (from: string, to: string, line = 1): RedirectRule => {
  const prefix = from.endsWith('/*');
  return { from, to, prefix, base: prefix ? from.slice(0, -2) : from, origin: { file: 'content/redirects.yaml', line, column: 5 } };
};
const live = new Set(['/', '/about', '/gallery', '/services/automotive-upholstery', '/detailing-services/leather-detailing']);

describe('redirect rules', () => {
  it('turns exact rules into stubs and keeps prefix rules apart', () => {
    const { stubs, prefixRedirects, diagnostics } = checkRedirects([rule('/team', '/about'), rule('/marine-upholstery/*', '/services/automotive-upholstery')], live);
    expect(diagnostics).toEqual([]);
    expect(stubs.map((s) => [s.path, s.to, s.output])).toEqual([['/team', '/about', 'team/index.html']]);
    expect(prefixRedirects).toEqual([{ base: '/marine-upholstery', to: '/services/automotive-upholstery' }]);
  });

  it('reports a source that is a live page, at its line', () => {
    const { diagnostics, stubs } = checkRedirects([rule('/detailing-services/leather-detailing', '/about', 7)], live);
    expect(stubs).toEqual([]);
    expect(diagnostics).toMatchObject([{ code: 'RedirectSourceIsPageError', severity: 'error', file: 'content/redirects.yaml', line: 7 }]);
  });

  it('reports a target that does not exist', () => {
    const { diagnostics } = checkRedirects([rule('/old', '/nowhere', 3)], live);
    expect(diagnostics).toMatchObject([{ code: 'RedirectTargetMissingError', line: 3 }]);
    expect(diagnostics[0].message).toContain('/nowhere');
  });

  it('reports a loop with every hop', () => {
    const { diagnostics } = checkRedirects([rule('/a', '/b', 1), rule('/b', '/a', 2)], live);
    expect(diagnostics.map((d) => d.code)).toEqual(['RedirectLoopError', 'RedirectLoopError']);
    expect(diagnostics[0].message).toContain('/a → /b → /a');
  });

  it('warns about a chain and names both hops', () => {
    const { diagnostics } = checkRedirects([rule('/a', '/b'), rule('/b', '/about')], live);
    expect(diagnostics).toMatchObject([{ code: 'RedirectChainWarning', severity: 'warning' }]);
    expect(diagnostics[0].message).toContain('/a → /b → /about');
  });

  it('resolves exact rules before prefixes, longest prefix first', () => {
    const rules = [rule('/x/*', '/about'), rule('/x/y/*', '/gallery'), rule('/x/y/z', '/')];
    expect(resolveRedirect('/x/q', rules)?.to).toBe('/about');
    expect(resolveRedirect('/x/y/q', rules)?.to).toBe('/gallery');
    expect(resolveRedirect('/x/y/z', rules)?.to).toBe('/');
    expect(resolveRedirect('/xyz', rules)).toBeUndefined();
  });
});

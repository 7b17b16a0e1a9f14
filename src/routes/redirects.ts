// Redirect rules: exact sources become stub pages and _redirects lines; prefix rules (`/old/*`)
// go to _redirects and the 404 island. Sources that are live pages, missing targets, loops
// and chains are reported here, each pointing at its line in redirects.yaml.
import type { RedirectRule } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { PrefixRedirect, RedirectRoute } from './types.ts';

export interface RedirectCheck {
  stubs: RedirectRoute[];
  prefixRedirects: PrefixRedirect[];
  diagnostics: Diagnostic[];
}

/** Where a path goes by the rules (exact first, then the longest prefix), or undefined. */
export function resolveRedirect(path: string, rules: RedirectRule[]): RedirectRule | undefined {
  const exact = rules.find((r) => !r.prefix && r.from === path);
  if (exact) return exact;
  return rules
    .filter((r) => r.prefix && (path === r.base || path.startsWith(`${r.base === '/' ? '' : r.base}/`)))
    .sort((a, b) => b.base.length - a.base.length)[0];
}

export function checkRedirects(rules: RedirectRule[], livePaths: Set<string>): RedirectCheck {
  const diagnostics: Diagnostic[] = [];
  const stubs: RedirectRoute[] = [];
  const prefixRedirects: PrefixRedirect[] = [];
  const seen = new Map<string, RedirectRule>();
  const valid: RedirectRule[] = [];

  for (const rule of rules) {
    const where = { ...rule.origin, field: 'from' };
    const other = seen.get(rule.from);
    if (other) {
      diagnostics.push(errors.duplicateRedirect(where, rule.from, `line ${other.origin.line}`));
      continue;
    }
    seen.set(rule.from, rule);
    if (!rule.prefix && livePaths.has(rule.from)) {
      diagnostics.push(errors.redirectSourceIsPage(where, rule.from));
      continue;
    }
    if (rule.prefix && [...livePaths].some((p) => p === rule.base || p.startsWith(`${rule.base}/`)) && rule.base !== '/') {
      diagnostics.push(errors.redirectSourceIsPage(where, rule.from));
      continue;
    }
    valid.push(rule);
  }

  for (const rule of valid) {
    const where = { ...rule.origin, field: 'to' };
    // Follow the chain from this rule: a loop is an error, a chain a warning, a dead end an error.
    const hops = [rule.from];
    let target = rule.to;
    let next = resolveRedirect(target, valid);
    let looped = false;
    while (next && !livePaths.has(target)) {
      hops.push(target);
      if (hops.includes(next.to) || hops.length > 20) {
        hops.push(next.to);
        looped = true;
        break;
      }
      target = next.to;
      next = resolveRedirect(target, valid);
    }
    if (looped) {
      diagnostics.push(errors.redirectLoop(where, hops));
      continue;
    }
    if (!livePaths.has(target)) {
      diagnostics.push(errors.redirectTargetMissing(where, rule.to));
      continue;
    }
    if (hops.length > 1) diagnostics.push(errors.redirectChain(where, [...hops, target]));
    if (rule.prefix) {
      prefixRedirects.push({ base: rule.base, to: rule.to });
    } else {
      stubs.push({ type: 'redirect', kind: 'redirect', path: rule.from, output: `${rule.from.slice(1)}/index.html`, to: rule.to, origin: rule.origin });
    }
  }
  return { stubs, prefixRedirects, diagnostics };
}

// Redirect rules: exact sources become stub pages and _redirects lines; prefix rules (`/old/*`)
// go to _redirects and the 404 island. Sources that are live pages or files the build writes,
// missing targets, loops and chains are reported here, each pointing at its line in redirects.yaml.
import type { RedirectRule } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import type { PrefixRedirect, RedirectRoute } from './types.ts';

/** Where a path goes by the rules (exact first, then the longest prefix), or undefined. */
export function resolveRedirect(path: string, rules: RedirectRule[]): RedirectRule | undefined {
  const exact = rules.find((r) => !r.prefix && r.from === path);
  if (exact) return exact;
  return rules
    .filter((r) => r.prefix && (path === r.base || path.startsWith(`${r.base === '/' ? '' : r.base}/`)))
    .sort((a, b) => b.base.length - a.base.length)[0];
}

/**
 * The files the build writes besides redirect stubs (output paths, as `blog/rss.xml`), and the
 * folders it fills with files whose names are known only later (hashed scripts under `assets/`).
 */
export interface OutputFiles {
  files: Iterable<string>;
  folders: string[];
}

/** Finds the output a redirect stub would collide with: the same path, a file where it needs a folder, or a reserved folder. */
function collisions(outputs: OutputFiles): (stub: string) => string | undefined {
  const files = new Set(outputs.files);
  const parents = new Set<string>();
  for (const f of files) for (let i = f.indexOf('/'); i > 0; i = f.indexOf('/', i + 1)) parents.add(f.slice(0, i));
  return (stub) => {
    if (files.has(stub)) return stub;
    for (let i = stub.lastIndexOf('/'); i > 0; i = stub.lastIndexOf('/', i - 1)) {
      if (files.has(stub.slice(0, i))) return stub.slice(0, i);
    }
    const reserved = outputs.folders.find((f) => stub.startsWith(`${f}/`));
    if (reserved) return `${reserved}/`;
    // A file the build writes below the stub's own file (a folder of site-assets named index.html).
    return parents.has(stub) ? stub : undefined;
  };
}

export function checkRedirects(rules: RedirectRule[], livePaths: Set<string>, outputs: OutputFiles = { files: [], folders: [] }) {
  const diagnostics: Diagnostic[] = [];
  const stubs: RedirectRoute[] = [];
  const prefixRedirects: PrefixRedirect[] = [];
  const seen = new Map<string, RedirectRule>();
  const valid: RedirectRule[] = [];
  const collision = collisions(outputs);

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
    const taken = rule.prefix ? undefined : collision(stubOutput(rule.from));
    if (taken) {
      diagnostics.push(errors.redirectOverFile(where, rule.from, taken));
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
      stubs.push({ type: 'redirect', kind: 'redirect', path: rule.from, output: stubOutput(rule.from), to: rule.to, origin: rule.origin });
    }
  }
  return { stubs, prefixRedirects, diagnostics };
}

/** The file of an exact redirect's stub page. */
const stubOutput = (from: string) => `${from.slice(1)}/index.html`;

// The `_headers` file of Netlify and Cloudflare Pages, as the build writes it: a path pattern on
// its own line (`*` matches any run of characters), then indented `Name: value` lines. Every
// rule whose pattern matches the request path applies; a header set by two rules gets both
// values joined with ", ", as Cloudflare Pages does.

export interface HeaderRule {
  pattern: string;
  /** The pattern as a regular expression over the whole path. */
  test: RegExp;
  headers: Array<[name: string, value: string]>;
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), test: patternRegex(line.trim()), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon === -1) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    // A name or value that Node would refuse to send is skipped rather than failing the response.
    if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) rule.headers.push([name, value]);
  }
  return rules;
}

function patternRegex(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** The headers of every rule matching `path`, in file order. */
export function headersFor(path: string, rules: HeaderRule[]): Record<string, string> {
  const out: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.test.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      if (names[key] === undefined) {
        names[key] = name;
        out[name] = value;
      } else out[names[key]] = `${out[names[key]]}, ${value}`;
    }
  }
  return out;
}

// Link facts (page-facts.ts) of many pages with their strings shared: thousands of pages repeat
// their layout's links. The build thread interns each page's facts; the output manifest stores
// them as indexes into one table of strings.
import type { LinkFacts, RefKind } from './page-facts.ts';

/** Each page's facts arrive as fresh copies from a worker: unshared, they are most of the build thread's heap on a large blog. */
export class LinkInterner {
  private readonly strings = new Map<string, string>();
  private readonly resources = new Map<string, LinkFacts['resources'][number]>();

  intern(facts: LinkFacts): LinkFacts {
    return {
      ids: facts.ids.map((s) => this.string(s)),
      links: facts.links.map((s) => this.string(s)),
      resources: facts.resources.map((r) => this.resource(r.url, r.kind)),
    };
  }

  string(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    this.strings.set(s, s);
    return s;
  }

  resource(url: string, kind: RefKind): LinkFacts['resources'][number] {
    const key = `${kind} ${url}`;
    let r = this.resources.get(key);
    if (!r) {
      r = { url: this.string(url), kind };
      this.resources.set(key, r);
    }
    return r;
  }
}

/** Link facts as indexes into a LinkTable's strings. */
export interface PackedLinkFacts {
  ids: number[];
  links: number[];
  /** Each resource as the index of `kind url`. */
  resources: number[];
}

/** The strings of many pages' link facts, each stored once. */
export class LinkTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  pack(facts: LinkFacts): PackedLinkFacts {
    return {
      ids: facts.ids.map((s) => this.indexOf(s)),
      links: facts.links.map((s) => this.indexOf(s)),
      resources: facts.resources.map((r) => this.indexOf(`${r.kind} ${r.url}`)),
    };
  }

  private indexOf(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.index.set(s, i);
    }
    return i;
  }
}

/** Reads packed link facts back, sharing each string and resource among the pages that have it. */
export class LinkTableReader {
  private readonly resources: LinkFacts['resources'][number][] = [];
  constructor(private readonly strings: string[]) {}

  /** Throws on an index the table does not have (a damaged file). */
  unpack(packed: PackedLinkFacts): LinkFacts {
    return {
      ids: packed.ids.map((i) => this.at(i)),
      links: packed.links.map((i) => this.at(i)),
      resources: packed.resources.map((i) => (this.resources[i] ??= this.resource(this.at(i)))),
    };
  }

  private at(i: number): string {
    const s = this.strings[i];
    if (typeof s !== 'string') throw new Error(`the link table has no entry ${i}`);
    return s;
  }

  private resource(s: string): LinkFacts['resources'][number] {
    const space = s.indexOf(' ');
    return { url: s.slice(space + 1), kind: s.slice(0, space) as RefKind };
  }
}

// Gzip sizes of pages without gzipping every page: a large blog has thousands of posts of one
// kind and compressing each costs as much as rendering it. A page is measured exactly when
// its raw size could exceed a budget (gzip output is never more than a few bytes above the
// input), and the few largest pages of each kind are measured for the size report.
import { gzipSync } from 'node:zlib';

/** gzip adds a header, a trailer and at most 5 bytes per 16 KB block to incompressible input. */
export function gzipCeiling(bytes: number): number {
  return bytes + 18 + 5 * Math.ceil((bytes + 1) / 16384);
}

export class PageWeights {
  private readonly largest = new Map<string, { output: string; bytes: number; html: string }[]>();

  /** Keeps the HTML of the `keep` largest pages of each kind. */
  constructor(private readonly keep = 4) {}

  add(kind: string, output: string, html: string, bytes = Buffer.byteLength(html)): void {
    const list = this.largest.get(kind) ?? [];
    if (list.length >= this.keep && bytes <= list[list.length - 1].bytes) return;
    list.push({ output, bytes, html });
    list.sort((a, b) => b.bytes - a.bytes || a.output.localeCompare(b.output));
    if (list.length > this.keep) list.pop();
    this.largest.set(kind, list);
  }

  /** Gzip size of every kept page, by output path. */
  measure(): Map<string, number> {
    const sizes = new Map<string, number>();
    for (const list of this.largest.values()) for (const p of list) sizes.set(p.output, gzipSync(p.html).length);
    return sizes;
  }
}

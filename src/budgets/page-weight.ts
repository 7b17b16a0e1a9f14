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
  private readonly largest = new Map<string, { output: string; bytes: number; html?: string }[]>();

  /** Tracks the `keep` largest pages of each kind. */
  constructor(private readonly keep = 4) {}

  /** Notes a page; `html` is kept while the page is among the largest (else read back by measure()). */
  add(kind: string, output: string, bytes: number, html?: string): void {
    const list = this.largest.get(kind) ?? [];
    if (list.length >= this.keep && bytes <= list[list.length - 1].bytes) return;
    list.push({ output, bytes, html });
    list.sort((a, b) => b.bytes - a.bytes || a.output.localeCompare(b.output));
    if (list.length > this.keep) list.pop();
    this.largest.set(kind, list);
  }

  /** Gzip size of every tracked page, by output path; `read` supplies pages whose HTML was not kept. */
  async measure(read: (output: string) => Promise<string | Uint8Array | undefined>): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    for (const list of this.largest.values()) {
      for (const p of list) {
        const html = p.html ?? await read(p.output);
        if (html !== undefined) sizes.set(p.output, gzipSync(html).length);
      }
    }
    return sizes;
  }
}

// Points a problem found in a rendered page back at the file an editor has to change: the
// exact position of a Markdown link or image when the page's own Markdown has it, else the
// first place the text appears in the page's content file, in any content file, or in a
// template. Files are read lazily, once per check run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type Glob from 'fast-glob';
import { location } from 'vfile-location';
import { displayPath } from '../content/display-path.ts';
import { normalizeSource } from '../content/parse-source.ts';

export interface SourcePosition {
  /** Path relative to the project root (absolute outside it). */
  file: string;
  line?: number;
  column?: number;
}

interface SourceText {
  text: string;
  toPoint: ReturnType<typeof location>['toPoint'];
}

export class SourceLocator {
  private readonly texts = new Map<string, SourceText | null>();
  private readonly marked = new Map<string, Map<string, SourcePosition>>();
  /** Every content file, then every template, once a search needed them. */
  private listed?: string[];
  private readonly prepared = new Set<string>();

  /**
   * `prepare`: called once per file before the first lookup in it, to mark() its URLs lazily
   * (the build's link check parses a post's Markdown only when one of its links is broken).
   */
  constructor(private readonly root: string, private readonly contentDir: string, private readonly templatesDir: string, private readonly prepare?: (file: string) => void) {}

  /** Records where a Markdown file has a URL (from its syntax tree: exact, not searched). */
  mark(file: string, url: string, position: SourcePosition): void {
    const urls = this.marked.get(file) ?? new Map<string, SourcePosition>();
    if (!urls.has(url)) urls.set(url, position);
    this.marked.set(file, urls);
  }

  /** Where `needle` comes from: the page's own file first, then other content, then templates. */
  locate(needle: string, ownFile?: string): SourcePosition | undefined {
    if (!needle) return undefined;
    // A bare "www.example.com" in Markdown becomes a link to "http://www.example.com" (GFM).
    const bare = /^http:\/\/www\./i.test(needle) ? [needle.slice('http://'.length)] : [];
    const variants = [...new Set([needle, safeDecode(needle), encodeURI(safeDecode(needle)), ...bare])];
    if (ownFile) {
      if (this.prepare && !this.prepared.has(ownFile)) {
        this.prepared.add(ownFile);
        this.prepare(ownFile);
      }
      for (const v of variants) {
        const marked = this.marked.get(ownFile)?.get(v);
        if (marked) return marked;
      }
      const found = this.search(ownFile, variants);
      if (found) return found;
    }
    for (const urls of this.marked.values()) {
      for (const v of variants) if (urls.has(v)) return urls.get(v);
    }
    for (const file of this.listFiles()) {
      if (file === ownFile) continue;
      const found = this.search(file, variants);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * What the positions found so far were read from: each file's text (null: unreadable), and
   * whether whole folders were listed (then any new file could hold a position).
   */
  consulted(): { texts: Map<string, string | null>; listed: boolean } {
    const texts = new Map([...this.texts].map(([file, source]) => [file, source?.text ?? null]));
    return { texts, listed: this.listed !== undefined };
  }

  /** The position of `needle` in one file, or undefined. */
  search(file: string, variants: string[]): SourcePosition | undefined {
    const source = this.read(file);
    if (!source) return undefined;
    for (const v of variants) {
      const at = source.text.indexOf(v);
      const point = at >= 0 ? source.toPoint(at) : undefined;
      if (point) return { file, line: point.line, column: point.column };
    }
    return undefined;
  }

  private read(file: string): SourceText | null {
    if (!this.texts.has(file)) {
      const text = readSourceText(this.root, file);
      this.texts.set(file, text === null ? null : { text, toPoint: location(text).toPoint });
    }
    return this.texts.get(file)!;
  }

  private listFiles(): string[] {
    const fg = createRequire(import.meta.url)('fast-glob') as typeof Glob; // loaded here: ~40 ms, which most builds never need
    const list = (dir: string, pattern: string) => fg.sync(pattern, { cwd: dir }).sort().map((f) => displayPath(this.root, `${dir}/${f}`));
    this.listed ??= [...list(this.contentDir, '**/*.{md,yaml,yml}'), ...list(this.templatesDir, '**/*.{ts,tsx}')];
    return this.listed;
  }
}

/** A file's text as the locator reads it (null: unreadable). */
export function readSourceText(root: string, file: string): string | null {
  try {
    return normalizeSource(readFileSync(resolve(root, file), 'utf8'));
  } catch {
    return null;
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

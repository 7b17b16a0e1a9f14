// A persistent cache of parsed blog posts: front matter parsed (YAML with positions) and
// validated (zod), where the body starts, and the reading time. Keyed by a hash of the engine
// version, the file's path and its full text, so any edit — or a change to the parser, the
// schemas or the libraries — misses. Only posts without any diagnostic are stored: a post
// with a problem is parsed again every time, so its messages come out exactly as before.
// One JSON file per content folder (.stitch/cache/posts/<scope>.json); unreadable → empty.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PostFrontMatter } from '../content/schemas.ts';
import { engineVersion } from './engine-version.ts';

export interface ParsedPost {
  /** Validated front matter. */
  data: PostFrontMatter;
  /** Offset in the file text where the Markdown body starts. */
  bodyStart: number;
  /** 1-based line where the body starts. */
  bodyLine: number;
  /** Minutes (front matter or computed). */
  readingTime: number;
}

/** What the content loader asks of a post cache. */
export interface PostMemo {
  get(file: string, text: string): ParsedPost | undefined;
  set(file: string, text: string, post: ParsedPost): void;
}

const VERSION = 1;

export class PostCache implements PostMemo {
  private readonly entries = new Map<string, ParsedPost>();
  private readonly used = new Set<string>();
  private changed = false;
  private readonly engine = engineVersion(['content', 'markdown'], ['yaml', 'gray-matter', 'zod']);

  private constructor(private readonly file: string) {}

  static async open(cacheDir: string, scope: string): Promise<PostCache> {
    const name = createHash('sha256').update(scope).digest('hex').slice(0, 16);
    const cache = new PostCache(join(cacheDir, 'posts', `${name}.json`));
    try {
      const stored = JSON.parse(await readFile(cache.file, 'utf8')) as { version?: number; entries?: Record<string, ParsedPost> };
      if (stored.version === VERSION && stored.entries && typeof stored.entries === 'object') {
        for (const [key, post] of Object.entries(stored.entries)) if (valid(post)) cache.entries.set(key, post);
      }
    } catch {
      // Missing or corrupt: start empty (and rewrite it).
      cache.changed = true;
    }
    return cache;
  }

  private key(file: string, text: string): string {
    return createHash('sha256').update(this.engine).update('\0').update(file).update('\0').update(text).digest('hex');
  }

  get(file: string, text: string): ParsedPost | undefined {
    const key = this.key(file, text);
    const post = this.entries.get(key);
    if (!post || post.bodyStart > text.length) return undefined;
    this.used.add(key);
    return post;
  }

  set(file: string, text: string, post: ParsedPost): void {
    // Only data that survives JSON unchanged can be cached.
    if (!plainJson(post.data)) return;
    const key = this.key(file, text);
    this.entries.set(key, post);
    this.used.add(key);
    this.changed = true;
  }

  /** Writes the cache when it changed, keeping only the posts this build read. */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === this.entries.size) return;
    const entries = Object.fromEntries([...this.entries].filter(([key]) => this.used.has(key)));
    await mkdir(join(this.file, '..'), { recursive: true });
    // A unique temporary name: two builds of one process (or two processes) may save at once.
    const temp = `${this.file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify({ version: VERSION, entries }));
    await rename(temp, this.file).catch(async (error: unknown) => {
      await rm(temp, { force: true });
      throw error;
    });
  }
}

function valid(post: ParsedPost): boolean {
  return Boolean(post) && typeof post.data === 'object' && post.data !== null && Number.isInteger(post.bodyStart)
    && Number.isInteger(post.bodyLine) && typeof post.readingTime === 'number';
}

function plainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && plainJson(v));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as Record<string, unknown>).every((v) => v === undefined || plainJson(v));
  }
  return false;
}

/** Parsed posts kept in memory between the builds of one process (stitch dev): one per file. */
export class MemoryPostMemo {
  private readonly entries = new Map<string, { text: string; post: ParsedPost }>();

  /** A memo that asks this memory first, then `fallback` (the persistent cache), and fills both. */
  over(fallback?: PostMemo): PostMemo {
    return {
      get: (file, text) => {
        const entry = this.entries.get(file);
        if (entry && entry.text === text) return entry.post;
        const post = fallback?.get(file, text);
        if (post) this.entries.set(file, { text, post });
        return post;
      },
      set: (file, text, post) => {
        this.entries.set(file, { text, post });
        fallback?.set(file, text, post);
      },
    };
  }
}

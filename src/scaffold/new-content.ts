// `stitch new post "Title"` and `stitch new location "City"`: a new content file an editor
// fills in, that the loader accepts as it is (a new post is a draft, so nothing is published
// before it is finished). Never overwrites a file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import { displayPath } from '../content/display-path.ts';
import { businessDay } from '../content/publication.ts';
import { isSlug, slugify } from '../content/slug.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

export type NewKind = 'post' | 'location';

export interface NewInput {
  title?: string;
  slug?: string;
  author?: string;
}

/** The written file (relative to the project root), or why not and the exit code (2 bad usage, 1 otherwise). */
export type NewResult = { file: string } | { diagnostic: Diagnostic; exitCode: 1 | 2 };

const EXAMPLES: Record<NewKind, string> = { post: 'Caring for Leather Seats', location: 'Santa Fe' };

export function newContent(kind: NewKind, input: NewInput, config: ResolvedConfig): NewResult {
  const title = input.title?.trim() ?? '';
  if (!title) return { diagnostic: errors.newWithoutTitle(kind, EXAMPLES[kind]), exitCode: 2 };
  if (input.slug !== undefined && !isSlug(input.slug)) return { diagnostic: errors.invalidSlug(input.slug), exitCode: 2 };
  const slug = input.slug ?? slugify(title);
  if (!slug) return { diagnostic: errors.emptySlug(title, kind), exitCode: 2 };
  if (!existsSync(config.contentDir)) return { diagnostic: errors.missingContentDir(displayPath(config.root, config.contentDir) || config.contentDir), exitCode: 1 };

  const path = join(config.contentDir, kind === 'post' ? `blog/${slug}.md` : `locations/${slug}.yaml`);
  const file = displayPath(config.root, path);
  if (existsSync(path)) return { diagnostic: errors.fileExists(file), exitCode: 1 };
  const text = kind === 'post'
    ? postFile(title, businessDay(config.buildTime), input.author?.trim() || siteName(config) || 'The Shop Team')
    : locationFile(slug, title);
  try {
    mkdirSync(dirname(path), { recursive: true });
    // 'wx': fails rather than overwrite a file created since the check above.
    writeFileSync(path, text, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { diagnostic: errors.fileExists(file), exitCode: 1 };
    return { diagnostic: errors.newNotWritten(file, WRITE_ERRORS[code ?? ''] ?? `${code ?? (error as Error).message}`), exitCode: 1 };
  }
  return { file };
}

/** What a failed write was, in words, with the system's code. */
const WRITE_ERRORS: Record<string, string> = {
  ENAMETOOLONG: 'the file name is too long for the file system (ENAMETOOLONG)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  EROFS: 'the file system is read-only (EROFS)',
  ENOSPC: 'no space left on the device (ENOSPC)',
  ENOTDIR: 'a file stands where a folder is needed (ENOTDIR)',
};

/** The business's name from site.yaml (site.yaml has no author field): the default byline. */
function siteName(config: ResolvedConfig): string | undefined {
  try {
    const site = parse(readFileSync(join(config.contentDir, 'site.yaml'), 'utf8')) as { name?: unknown };
    return typeof site?.name === 'string' ? site.name : undefined;
  } catch {
    return undefined;
  }
}

function postFile(title: string, date: string, author: string): string {
  const front = stringify({
    title,
    description: 'TODO: one or two sentences (120 to 160 characters) for search results and the blog card.',
    date,
    author,
    tags: [],
    draft: true,
  }, { lineWidth: 0 });
  return `---
${front}---
<!-- A draft: \`stitch dev\` shows it with a "Draft" badge; \`stitch build\` leaves it out until you delete \`draft: true\`. A date after today schedules it. -->
Open with the question this article answers, in two or three sentences.

## What to know first

## How we do it in the shop

## What it costs and how long it takes

## Next steps

Send us photos for a free quote.
`;
}

function locationFile(id: string, name: string): string {
  return stringify({
    id,
    name,
    title: `Upholstery & Detailing in ${name}, NM`,
    subtitle: `TODO: one line about ${name} and how far it is from our shop`,
    geo: { lat: 0, lng: 0 },
    description: [
      `TODO: what people in ${name} bring us (furniture, vehicles, local landmarks).`,
      'TODO: the work we do there most often, and how.',
      `TODO: how to reach us from ${name}: distance, photos for a quote, the free consultation.`,
    ],
    servicesIntro: `TODO: the services ${name} customers need most.`,
    metaTitle: `${name} Upholstery & Detailing`,
    metaDescription: `TODO: 120 to 160 characters on upholstery and detailing for ${name}, NM.`,
  }, { lineWidth: 0 });
}

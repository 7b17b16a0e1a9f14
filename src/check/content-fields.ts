// Rules on fields editors write, checked when the content is linked (pipeline/load.ts), drafts
// and scheduled posts included, so the error comes when the field is written.
import type { ContentGraph } from '../content/types.ts';
import { businessDay } from '../content/publication.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

/**
 * Placeholders `stitch new` writes (a text starting "TODO", a location at 0, 0) must not reach
 * the live site: an error for the live site (`build`, `check`), a warning where the output is a
 * preview (`dev`, `build --drafts`: `live` false).
 */
export function checkPlaceholders(graph: ContentGraph, live: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  const placeholder = live ? errors.placeholderPublished : errors.placeholderLeft;
  const texts = (value: unknown, file: string, field: string) => {
    if (typeof value === 'string' && /^\s*TODO\b/.test(value)) out.push(placeholder({ file, field }, value));
    else if (Array.isArray(value)) value.forEach((v, i) => texts(v, file, `${field}[${i}]`));
  };
  for (const post of graph.posts) {
    for (const field of ['title', 'description'] as const) texts(post[field], post.origin.file, field);
  }
  for (const location of graph.locations) {
    const { origin, ...fields } = location;
    for (const [field, value] of Object.entries(fields)) texts(value, origin.file, field);
    if (location.geo.lat === 0 && location.geo.lng === 0) out.push(placeholder({ file: origin.file, field: 'geo' }, '{ lat: 0, lng: 0 }'));
  }
  return out;
}

/**
 * A post's `updated:` day is a revision of what was published: never before its `date`, and
 * never after today in America/Denver (a typo such as 2062 would otherwise tell search engines
 * and feed readers of a change to come). A scheduled post is not revised before it appears: the
 * limit is the later of today and `date`, so a post that passes never starts failing as time goes on.
 */
export function checkUpdatedDates(graph: Pick<ContentGraph, 'posts' | 'withheld'>, buildTime: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  let today: string | undefined;
  for (const post of [...graph.posts, ...graph.withheld]) {
    const { updated, date } = post;
    if (!updated) continue;
    const where = { file: post.origin.file, field: 'updated' };
    if (updated < date) out.push(errors.updatedBeforeDate(where, updated, date));
    else if (updated > date && updated > (today ??= businessDay(buildTime))) {
      out.push(errors.updatedInFuture(where, updated, date > today ? date : today, date > today));
    }
  }
  return out;
}

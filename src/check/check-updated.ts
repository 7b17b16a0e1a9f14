// A post's `updated:` day is a revision of what was published: never before its `date`, and
// never after today in America/Denver (a typo such as 2062 would otherwise tell search engines and
// feed readers of a change to come). A scheduled post is not revised before it appears, so its
// `updated`, if any, is its `date`: the limit is the later of today and `date`, and a post that
// passes never starts failing as time goes on. Drafts and scheduled posts are checked too, so the
// error comes when the date is written, not on the day the post goes out.
import type { ContentGraph } from '../content/types.ts';
import { businessDay } from '../content/publication.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

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

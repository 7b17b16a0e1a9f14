// stitch check lists each scheduled post and the day it appears (a note, not a problem), so
// an editor sees what the next builds will publish.
import { formatLongDate } from '../content/dates.ts';
import type { Post } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

export function scheduledPosts(withheld: Post[]): Diagnostic[] {
  return withheld
    .filter((p) => p.status === 'scheduled')
    .sort((a, b) => a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug))
    .map((p) => errors.scheduledPost({ file: p.origin.file, field: 'date' }, p.title, formatLongDate(p.date)));
}

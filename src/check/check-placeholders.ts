// Placeholders `stitch new` writes (a text starting "TODO", a location at 0, 0) must not reach
// the live site: each one left in a published post or a location is an error for the live site
// (`build`, `check`), a warning where the output is a preview (`dev`, `build --drafts`: `live` false).
import type { ContentGraph } from '../content/types.ts';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';

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

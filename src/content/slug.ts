// The one slug rule: a post's file name (its URL and id) and a YAML entity's id are lowercase
// words of letters and digits joined by single hyphens. The loader enforces it; `stitch new`
// makes slugs that follow it.
import transliterate from '@sindresorhus/transliterate';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}

/** A made slug's longest (a file name's limit is 255 bytes; a URL this long is already unwieldy). */
export const MAX_SLUG_LENGTH = 80;

/**
 * 'Caring for Leather Seats: A Guide' → 'caring-for-leather-seats-a-guide'; '' when nothing is
 * left. Letters are spelled in a-z by @sindresorhus/transliterate: 'Café' → 'cafe', 'Straße' →
 * 'strasse', Cyrillic, Greek and Arabic ('Перетяжка сидений' → 'peretyazhka-sideniy'); letters of
 * scripts it has no spelling for (Chinese, Japanese, Korean, Hebrew, Thai, Devanagari…) are
 * dropped. Cut at the last whole word within MAX_SLUG_LENGTH characters.
 */
export function slugify(title: string): string {
  const slug = transliterate(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents transliterate leaves: 'Café' → 'cafe'
    .toLowerCase()
    .replace(/['’]/g, '') // "Don't" → 'dont', not 'don-t'
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const wordEnd = cut.lastIndexOf('-');
  return wordEnd > 0 ? cut.slice(0, wordEnd) : slug.slice(0, MAX_SLUG_LENGTH);
}

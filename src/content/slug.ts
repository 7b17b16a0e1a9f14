// The one slug rule: a post's file name (its URL and id) and a YAML entity's id are lowercase
// words of letters and digits joined by single hyphens. The loader enforces it; `stitch new`
// makes slugs that follow it.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}

/** 'Caring for Leather Seats: A Guide' → 'caring-for-leather-seats-a-guide'; '' when nothing is left. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: 'Café' → 'cafe'
    .toLowerCase()
    .replace(/['’]/g, '') // "Don't" → 'dont', not 'don-t'
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// The one slug rule: a post's file name (its URL and id) and a YAML entity's id are lowercase
// words of letters and digits joined by single hyphens. The loader enforces it; `stitch new`
// makes slugs that follow it (scaffold/new-content.ts `slugify`, apart: it loads a transliterator).

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}

// Page metadata rules of the spec: title per page; a description lacking "Albuquerque"
// gets a suffix about serving Albuquerque.
export const ALBUQUERQUE_SUFFIX = 'Serving Albuquerque, NM.';

export function describe(description: string): string {
  return `${description.trim()}${descriptionSuffix(description)}`;
}

/** What `describe` adds to the description: '' when it names Albuquerque, else the suffix with its separator. */
export function descriptionSuffix(description: string): string {
  const text = description.trim();
  if (/albuquerque/i.test(text)) return '';
  return `${/[.!?]$/.test(text) ? ' ' : '. '}${ALBUQUERQUE_SUFFIX}`;
}

/** Search results show about this many characters of a description (check/check-seo.ts). */
const DESCRIPTION_LIMIT = 160;

/**
 * A description naming a list (the service areas): as many names as fit in a search result with
 * the suffix rule applied, then "and N more".
 */
export function listDescription(names: readonly string[], sentence: (list: string) => string): string {
  for (let shown = names.length; shown > 1; shown--) {
    const rest = names.length - shown;
    const list = rest > 0 ? `${names.slice(0, shown).join(', ')} and ${rest} more` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    if (describe(sentence(list)).length <= DESCRIPTION_LIMIT) return sentence(list);
  }
  return sentence(names[0] ?? '');
}

/** Search results cut titles past 60 characters: the business name is added only where it fits. */
export const TITLE_LIMIT = 60;

export function pageTitle(title: string, siteName: string): string {
  if (title.includes(siteName) || title.includes('|')) return title;
  const branded = `${title} | ${siteName}`;
  return branded.length <= TITLE_LIMIT ? branded : title;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`;
}

// Page metadata rules of the spec: title per page; a description lacking "Albuquerque"
// gets a suffix about serving Albuquerque.
export const ALBUQUERQUE_SUFFIX = 'Serving Albuquerque, NM.';

export function describe(description: string): string {
  const text = description.trim();
  if (/albuquerque/i.test(text)) return text;
  const sep = /[.!?]$/.test(text) ? ' ' : '. ';
  return `${text}${sep}${ALBUQUERQUE_SUFFIX}`;
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

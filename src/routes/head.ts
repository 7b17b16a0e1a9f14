// Page metadata rules of the spec: title per page; a description lacking "Albuquerque"
// gets a suffix about serving Albuquerque.
export const ALBUQUERQUE_SUFFIX = 'Serving Albuquerque and nearby areas.';

export function describe(description: string): string {
  const text = description.trim();
  if (/albuquerque/i.test(text)) return text;
  const sep = /[.!?]$/.test(text) ? ' ' : '. ';
  return `${text}${sep}${ALBUQUERQUE_SUFFIX}`;
}

export function pageTitle(title: string, siteName: string): string {
  return title.includes(siteName) || title.includes('|') ? title : `${title} | ${siteName}`;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`;
}

// Display helpers for the business facts of site.yaml.
import type { LayoutData, SiteData } from '../types.ts';

export function fullAddress(site: SiteData): string {
  const a = site.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

function time(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, '0')}${suffix}` : `${hour}${suffix}`;
}

/** Rows like { days: 'Monday - Friday', hours: '9AM - 5PM' }. */
export function hoursRows(site: SiteData): { days: string; hours: string }[] {
  return site.hours.map((row) => ({
    days: row.days.length > 1 ? `${row.days[0]} - ${row.days[row.days.length - 1]}` : row.days[0],
    hours: row.closed || !row.opens || !row.closes ? 'Closed' : `${time(row.opens)} - ${time(row.closes)}`,
  }));
}

/** Props of the quote islands: the webhook settings, and the phone and e-mail that the form's
 *  no-JavaScript note offers instead. */
export function quoteProps(layout: LayoutData): { endpoint: string; apiKey: string; phone: string; email: string } {
  return { ...layout.quote, phone: layout.site.phone, email: layout.site.email };
}

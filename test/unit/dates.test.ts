import { describe, expect, it } from 'vitest';
import { formatLongDate, normalizeDate } from '../../src/content/dates.ts';
import { calendarDate } from '../../src/content/schemas.ts';

describe('calendar dates', () => {
  it('accepts yyyy-mm-dd and mm/dd/yyyy and normalises both', () => {
    expect(normalizeDate('2025-10-28')).toBe('2025-10-28');
    expect(normalizeDate('10/28/2025')).toBe('2025-10-28');
    expect(normalizeDate('1/8/2023')).toBe('2023-01-08');
  });

  it('rejects dates that do not exist', () => {
    expect(normalizeDate('2025-13-45')).toBeUndefined();
    expect(normalizeDate('2025-02-29')).toBeUndefined();
    expect(normalizeDate('2024-02-29')).toBe('2024-02-29');
    expect(normalizeDate('28/10/2025')).toBeUndefined();
    expect(normalizeDate('October 28')).toBeUndefined();
  });

  it('formats in US long form without shifting the day in a far time zone', () => {
    // vitest.config pins TZ to Pacific/Kiritimati (UTC+14); Date-based formatting would shift.
    expect(process.env.TZ).toBe('Pacific/Kiritimati');
    expect(formatLongDate('2025-10-28')).toBe('October 28, 2025');
    expect(formatLongDate('2023-01-01')).toBe('January 1, 2023');
  });

  it('the schema turns a YAML Date into the same calendar date', () => {
    expect(calendarDate.parse(new Date(Date.UTC(2025, 9, 28)))).toBe('2025-10-28');
    expect(calendarDate.safeParse('2025-13-45').success).toBe(false);
  });
});

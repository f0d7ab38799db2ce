import { formatDate } from '../../../lib/format.ts';
import { dayInstant } from './calendar-day.ts';

/**
 * A calendar day's own names ("Sat", "14 Nov"). A day is not an instant: it is formatted at its noon in
 * UTC, so it reads the same in every time zone, on the server and in the browser.
 */
const shortDates = new Map<string, Intl.DateTimeFormat>();

export function shortDate(day: string, locale: string): string {
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    shortDates.set(locale, format);
  }
  return format.format(new Date(dayInstant(day)));
}

export const weekdayName = (day: string, locale: string): string =>
  formatDate(dayInstant(day), 'weekday', locale, 'UTC');

export const longDate = (day: string, locale: string): string =>
  formatDate(dayInstant(day), 'longDate', locale, 'UTC');

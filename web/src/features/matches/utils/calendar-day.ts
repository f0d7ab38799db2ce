import { addDays } from '../../../lib/format.ts';

/**
 * Calendar days as the match lists use them: `YYYY-MM-DD` strings in the visitor's time zone (what the
 * REST API's `?date=` and the scoreboard's date scope take), compared as strings and moved with addDays.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day from a URL (`?date=2025-06-14`), or null when it is not a real calendar day ("2025-02-30", "today"). */
export function parseDay(value: string | null | undefined): string | null {
  const match = value ? DAY.exec(value) : null;
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls an impossible day over (February 30th is March 2nd): a real day survives the round trip.
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && year <= 2999 ? value! : null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/**
 * The days of a date strip: `radius` days either side of today, or of the chosen day when it lies beyond
 * them (so the chosen day is always on the strip, and near today the strip does not move as you click).
 */
export function stripDays(selected: string, today: string, radius = 3): string[] {
  const centre = Math.abs(daysBetween(today, selected)) <= radius ? today : selected;
  return Array.from({ length: radius * 2 + 1 }, (_, i) => addDays(centre, i - radius));
}

/** Yesterday, today and tomorrow have names; other days are written as dates. */
export type RelativeDay = 'yesterday' | 'today' | 'tomorrow' | null;

export function relativeDay(day: string, today: string): RelativeDay {
  switch (daysBetween(today, day)) {
    case -1:
      return 'yesterday';
    case 0:
      return 'today';
    case 1:
      return 'tomorrow';
    default:
      return null;
  }
}

/** A day as an instant that lies inside it in every time zone: format it in UTC to get its own name. */
export const dayInstant = (day: string): string => `${day}T12:00:00Z`;

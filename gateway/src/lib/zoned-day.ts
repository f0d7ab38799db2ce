/**
 * The UTC instants a calendar day spans in a time zone: [start, end). A day in a zone with a DST change
 * lasts 23 or 25 hours, so both ends are computed, never start + 24h.
 */
export function zonedDayRange(date: string, timeZone: string): { start: number; end: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { start: zonedMidnight(y, m, d, timeZone), end: zonedMidnight(y, m, d + 1, timeZone) };
}

function zonedMidnight(y: number, m: number, d: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d);
  // Two rounds settle it even when midnight sits next to a DST switch.
  let instant = guess - offsetAt(guess, timeZone);
  instant = guess - offsetAt(instant, timeZone);
  return instant;
}

/** Milliseconds the zone's wall clock is ahead of UTC at that instant. */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone: what "today" means to a visitor. */
export function zonedDate(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

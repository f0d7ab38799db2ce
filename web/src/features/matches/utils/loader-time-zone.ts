import { readCookie } from '@pitchside/shared/cookies';
import { TIME_ZONE_COOKIE } from '../../../lib/visit.ts';

/**
 * The visitor's time zone as a loader can know it, to ask for "their" day's matches. Loaders run outside
 * React, so they cannot read useVisit(): on the server they get what the renderer hands them (a `timeZone`
 * in the loader context, or the `tz` cookie among the forwarded request headers); in the browser they use
 * the zone the page itself has switched to after hydration (entry-client's visit: the browser's own zone).
 * Without any of these it is UTC, as the server's first render assumes.
 *
 * A page whose loader ran with another zone than the one the page shows (the first server render, before
 * the browser told its zone) revalidates once in the browser: see useLoaderZoneInSync.
 */
export function loaderTimeZone(request: Request, context?: unknown): string {
  const fromContext = (context as { timeZone?: unknown } | null | undefined)?.timeZone;
  if (typeof fromContext === 'string' && isTimeZone(fromContext)) return fromContext;
  const fromHeader = readCookie(request.headers.get('cookie'), TIME_ZONE_COOKIE);
  if (fromHeader && isTimeZone(fromHeader)) return fromHeader;
  if (typeof document !== 'undefined') {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser && isTimeZone(browser)) return browser;
    const fromCookie = readCookie(document.cookie, TIME_ZONE_COOKIE);
    if (fromCookie && isTimeZone(fromCookie)) return fromCookie;
  }
  return 'UTC';
}

export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

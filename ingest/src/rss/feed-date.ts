import { toIsoUtc } from '../providers/iso-utc.ts';

/** RFC 822 zone names (§5.1) plus the ones European feeds write; offsets in minutes east of UTC. */
const ZONES: Readonly<Record<string, number>> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  BST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "Thu, 27 Aug 2026 04:38:40 EST", day name and seconds optional, zone a name or ±hhmm. */
const RFC_822 =
  /^(?:[a-z]{3,9},?\s+)?(\d{1,2})\s+([a-z]{3})[a-z]*\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[a-z]{1,5})?$/i;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A feed date as ISO UTC, or null when it cannot be read for certain. RSS 2.0 dates are RFC 822; we parse them
 * ourselves instead of trusting Date.parse's engine-specific leniency. Zone names are taken as written: ESPN's
 * "EST" in August is read as UTC-5 (what EST means), not guessed to be EDT. A date with no zone is refused
 * rather than read in the server's own zone. ISO 8601 (dc:date, Atom-style) is accepted with a zone.
 */
export function parseFeedDate(text: string): string | null {
  const value = text.trim();
  if (ISO_8601.test(value)) return toIsoUtc(value);
  const m = RFC_822.exec(value);
  if (!m) return null;
  const [, day, monthName, yearText, hour, minute, second, zone] = m;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  const offset = zoneOffset(zone);
  if (month < 0 || offset === null) return null;
  // Two-digit years (RFC 822 allows them) are this century's.
  const year = yearText!.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const utc =
    Date.UTC(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0)) - offset * 60_000;
  const check = new Date(utc + offset * 60_000);
  // Date.UTC rolls 31 Feb over to March; a date that does not exist is not a date.
  if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== month) return null;
  return toIsoUtc(utc);
}

function zoneOffset(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  if (/^[+-]\d{4}$/.test(zone)) {
    const sign = zone[0] === '-' ? -1 : 1;
    return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  }
  return ZONES[zone.toUpperCase()] ?? null;
}

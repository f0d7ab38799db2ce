/**
 * The normalised match statuses and what each means for a list (in play, at a break, stopped, finished),
 * without zod: the embed's small script (web/src/embed) reads these rules too and must not carry the
 * schemas. `MatchStatusSchema` (match.ts) is built from the same list.
 *
 * Most statuses are shared by every sport (scheduled, half_time, break, finished...); the periods in play
 * are the sport's own: halves and extra time in football, quarters and overtime in basketball (where
 * `break` is the pause between quarters and `finished_aet` a game decided in overtime).
 */
export const MATCH_STATUSES = [
  'scheduled',
  'first_half',
  'half_time',
  'second_half',
  'extra_time',
  'break',
  'penalties',
  'first_quarter',
  'second_quarter',
  'third_quarter',
  'fourth_quarter',
  'overtime',
  'finished',
  'finished_aet',
  'finished_pen',
  'postponed',
  'suspended',
  'interrupted',
  'abandoned',
  'cancelled',
  'awarded',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The ball is in play: a half, extra time, a shoot-out, a quarter or overtime. */
export const PLAYING_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>([
  'first_half',
  'second_half',
  'extra_time',
  'penalties',
  'first_quarter',
  'second_quarter',
  'third_quarter',
  'fourth_quarter',
  'overtime',
]);
/** A scheduled pause: half time, or between quarters. */
export const BREAK_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>(['half_time', 'break']);
/** Stopped by something that was not planned, and expected to go on. */
export const STOPPED_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>(['suspended', 'interrupted']);

/** The ball is (or is about to be) in play: the match belongs on live lists. */
export const LIVE_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>([
  ...PLAYING_STATUSES,
  ...BREAK_STATUSES,
  ...STOPPED_STATUSES,
]);
export const FINISHED_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>([
  'finished',
  'finished_aet',
  'finished_pen',
  'awarded',
]);
export const isLive = (status: MatchStatus): boolean => LIVE_STATUSES.has(status);
export const isFinished = (status: MatchStatus): boolean => FINISHED_STATUSES.has(status);

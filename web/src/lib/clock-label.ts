import { isFinished, isLive, type Clock, type Match, type MatchStatus } from '@pitchside/shared/domain';

/**
 * The clock keys a list row or a match header can show. Football's live in `common` ("clock": the match
 * page shows them too); the other sports' periods and the fallback live in `matches`.
 */
export type ClockKey =
  | 'clock.minute'
  | 'clock.extraTime'
  | 'clock.live'
  | 'clock.halfTime'
  | 'clock.break'
  | 'clock.penalties'
  | 'clock.finished'
  | 'clock.finishedAet'
  | 'clock.finishedPen'
  | 'clock.postponed'
  | 'clock.suspended'
  | 'clock.interrupted'
  | 'clock.abandoned'
  | 'clock.cancelled'
  | 'clock.awarded'
  | 'matches:clock.finishedOvertime'
  | 'matches:clock.unknown';

export type RunningKey =
  | 'clock.minute'
  | 'clock.extraTime'
  | 'clock.live'
  | 'matches:clock.quarter'
  | 'matches:clock.quarterStart'
  | 'matches:clock.overtime'
  | 'matches:clock.overtimeStart';

/**
 * What the compact clock shows for a match: the kickoff time before it starts, the running minute while
 * the ball is in play ("37'", "45+2'", "ET 105'", "Q3 7'"), a short status otherwise ("HT", "Pens", "FT").
 * Kept free of i18n so it can be tested and reused; components translate `key` with `minute` and `period`.
 */
export type ClockLabel =
  | { kind: 'kickoff'; iso: string }
  | { kind: 'running'; key: RunningKey; minute: string; period?: number }
  | { kind: 'status'; key: ClockKey };

const STATUS_KEYS: Partial<Record<MatchStatus, ClockKey>> = {
  half_time: 'clock.halfTime',
  break: 'clock.break',
  penalties: 'clock.penalties',
  finished: 'clock.finished',
  finished_aet: 'clock.finishedAet',
  finished_pen: 'clock.finishedPen',
  postponed: 'clock.postponed',
  suspended: 'clock.suspended',
  interrupted: 'clock.interrupted',
  abandoned: 'clock.abandoned',
  cancelled: 'clock.cancelled',
  awarded: 'clock.awarded',
};

const QUARTERS: Partial<Record<MatchStatus, number>> = {
  first_quarter: 1,
  second_quarter: 2,
  third_quarter: 3,
  fourth_quarter: 4,
};

/** "37", "45+2": the minute as football writes it, without the apostrophe. */
export const minuteText = (elapsed: number, stoppage: number | null): string =>
  stoppage ? `${elapsed}+${stoppage}` : String(elapsed);

/**
 * `sport` is the competition's sport slug (`sportOf` in shared); it only changes what a status means where
 * sports differ: `finished_aet` is "after extra time" in football and "after overtime" in basketball.
 */
export function clockLabel(
  match: Pick<Match, 'status' | 'clock' | 'kickoff'>,
  sport = 'football',
): ClockLabel {
  const { status, clock } = match;
  if (status === 'scheduled') return { kind: 'kickoff', iso: match.kickoff };
  if (status === 'first_half' || status === 'second_half') return running('clock.minute', clock);
  if (status === 'extra_time') return running('clock.extraTime', clock);
  const quarter = QUARTERS[status];
  if (quarter !== undefined)
    return period('matches:clock.quarter', 'matches:clock.quarterStart', clock, quarter);
  if (status === 'overtime') return period('matches:clock.overtime', 'matches:clock.overtimeStart', clock);
  if (status === 'finished_aet' && sport !== 'football')
    return { kind: 'status', key: 'matches:clock.finishedOvertime' };
  const key = STATUS_KEYS[status];
  if (key) return { kind: 'status', key };
  // A status this list does not know yet (a new sport's period): say what kind of state it is, never crash.
  if (isLive(status)) return { kind: 'status', key: 'clock.live' };
  if (isFinished(status)) return { kind: 'status', key: 'clock.finished' };
  return { kind: 'status', key: 'matches:clock.unknown' };
}

function running(key: 'clock.minute' | 'clock.extraTime', clock: Clock): ClockLabel {
  // A provider may report a live status before its clock: say "Live" rather than a wrong minute.
  if (clock.elapsed === null) return { kind: 'running', key: 'clock.live', minute: '' };
  return { kind: 'running', key, minute: minuteText(clock.elapsed, clock.stoppage) };
}

/** A sport played in numbered periods: "Q3 7'", or "Q3" while its clock is unknown. */
function period(
  key: 'matches:clock.quarter' | 'matches:clock.overtime',
  withoutClock: 'matches:clock.quarterStart' | 'matches:clock.overtimeStart',
  clock: Clock,
  number?: number,
): ClockLabel {
  const minute = clock.elapsed === null ? '' : minuteText(clock.elapsed, clock.stoppage);
  return { kind: 'running', key: minute ? key : withoutClock, minute, ...(number ? { period: number } : {}) };
}

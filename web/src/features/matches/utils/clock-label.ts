import type { Clock, Match, MatchStatus } from '@pitchside/shared/domain';

/** The clock keys a list row or a match header can show (see locales/en/common.json "clock"). */
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
  | 'clock.awarded';

/**
 * What the compact clock shows for a match: the kickoff time before it starts, the running minute while
 * the ball is in play ("37'", "45+2'", "ET 105'"), a short status otherwise ("HT", "Pens", "FT").
 * Kept free of i18n so it can be tested and reused; components translate `key` with `minute`.
 */
export type ClockLabel =
  | { kind: 'kickoff'; iso: string }
  | { kind: 'running'; key: 'clock.minute' | 'clock.extraTime' | 'clock.live'; minute: string }
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

/** "37", "45+2": the minute as football writes it, without the apostrophe. */
export const minuteText = (elapsed: number, stoppage: number | null): string =>
  stoppage ? `${elapsed}+${stoppage}` : String(elapsed);

export function clockLabel(match: Pick<Match, 'status' | 'clock' | 'kickoff'>): ClockLabel {
  const { status, clock } = match;
  if (status === 'scheduled') return { kind: 'kickoff', iso: match.kickoff };
  if (status === 'first_half' || status === 'second_half') return running('clock.minute', clock);
  if (status === 'extra_time') return running('clock.extraTime', clock);
  return { kind: 'status', key: STATUS_KEYS[status] ?? 'clock.live' };
}

function running(key: 'clock.minute' | 'clock.extraTime', clock: Clock): ClockLabel {
  // A provider may report a live status before its clock: say "Live" rather than a wrong minute.
  if (clock.elapsed === null) return { kind: 'running', key: 'clock.live', minute: '' };
  return { kind: 'running', key, minute: minuteText(clock.elapsed, clock.stoppage) };
}

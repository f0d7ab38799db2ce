import type { MatchStatus } from '@pitchside/shared/domain';

/** Every v4 match status (football-data.org "Lookup tables"), LIVE included as some payloads send it. */
export const FD_STATUSES = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'LIVE',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'CANCELED',
  'AWARDED',
] as const;
export type FdStatus = (typeof FD_STATUSES)[number];

export interface FdStatusInput {
  status: FdStatus;
  /** `score.duration`: REGULAR, EXTRA_TIME or PENALTY_SHOOTOUT. */
  duration: string | null;
  /** The match minute when the plan sends one (paid tiers). */
  minute: number | null;
  /** Minutes since kickoff by the wall clock. */
  sinceKickoffMin: number;
}

/** A first half plus the interval: past this since kickoff, a match in play is in its second half. */
const SECOND_HALF_AFTER_MIN = 45 + 15;

/**
 * Our status for a v4 match. IN_PLAY does not say which half: we take the match minute when the plan sends
 * one (over 45 is the second half; "45" with stoppage is still the first), otherwise the wall clock (more than
 * an hour after kickoff is the second half; a late kickoff can make this wrong for up to its delay).
 * PAUSED is half time, or the break before extra time once the minute has reached 90.
 */
export function mapFdStatus({ status, duration, minute, sinceKickoffMin }: FdStatusInput): MatchStatus {
  switch (status) {
    case 'SCHEDULED':
    case 'TIMED':
      return 'scheduled';
    case 'IN_PLAY':
    case 'LIVE':
      if (minute !== null) return minute > 45 ? 'second_half' : 'first_half';
      return sinceKickoffMin > SECOND_HALF_AFTER_MIN ? 'second_half' : 'first_half';
    case 'PAUSED':
      return minute !== null && minute >= 90 ? 'break' : 'half_time';
    case 'EXTRA_TIME':
      return 'extra_time';
    case 'PENALTY_SHOOTOUT':
      return 'penalties';
    case 'FINISHED':
      if (duration === 'PENALTY_SHOOTOUT') return 'finished_pen';
      return duration === 'EXTRA_TIME' ? 'finished_aet' : 'finished';
    case 'SUSPENDED':
      return 'suspended';
    case 'POSTPONED':
      return 'postponed';
    case 'CANCELLED':
    case 'CANCELED':
      return 'cancelled';
    case 'AWARDED':
      return 'awarded';
  }
}

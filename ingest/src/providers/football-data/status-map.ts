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
 * Our status for a v4 match. IN_PLAY does not say which period: `score.duration` tells extra time and a
 * shoot-out (v4 sets it when the match enters them); within 90 minutes we take the match minute when the plan sends
 * one (over 45 is the second half; "45" with stoppage is still the first), otherwise the wall clock (more than
 * an hour after kickoff is the second half; a late kickoff can make this wrong for up to its delay).
 * PAUSED is half time, or a break once the minute has reached 90 or the duration is past REGULAR.
 */
export function mapFdStatus({ status, duration, minute, sinceKickoffMin }: FdStatusInput): MatchStatus {
  switch (status) {
    case 'SCHEDULED':
    case 'TIMED':
      return 'scheduled';
    case 'IN_PLAY':
    case 'LIVE':
      // The duration moves on as the match does: EXTRA_TIME from the first minute of extra time on.
      if (duration === 'PENALTY_SHOOTOUT') return 'penalties';
      if (duration === 'EXTRA_TIME') return 'extra_time';
      if (minute !== null) return minute > 45 ? 'second_half' : 'first_half';
      return sinceKickoffMin > SECOND_HALF_AFTER_MIN ? 'second_half' : 'first_half';
    case 'PAUSED':
      // Before extra time, at its half-time, or before a shoot-out: a break, not half time.
      if (duration === 'EXTRA_TIME' || duration === 'PENALTY_SHOOTOUT') return 'break';
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

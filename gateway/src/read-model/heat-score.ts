import {
  BREAK_STATUSES,
  isLive,
  PLAYING_STATUSES,
  sportOf,
  STOPPED_STATUSES,
  type Match,
  type MatchStatus,
} from '@pitchside/shared/domain';

/**
 * How "hot" a match is, for the hot-matches list: live and upcoming-today matches ranked by what makes a
 * fan want to look now. A sum of points, each part capped so no single one decides alone:
 *
 * | part | points |
 * | --- | --- |
 * | competition | 0..40: 40 × (1 − popularity / 100), popularity clamped to 1..100 (1 is the most prominent) |
 * | state | ball in play 30; at a break (half time, between quarters) 24; suspended or interrupted 10; not started: 0..15, more the sooner it kicks off (15 at kickoff, 0 three hours before) |
 * | goals (football) | 3 a goal, at most 15 |
 * | closeness (live) | football: level 12, one goal apart 8, two apart 2; basketball: within 3 points 12, within 7 8, within 12 2 |
 * | late and tight | football from the 75th minute or in extra time: 10 if level or one goal apart, else 3; a shoot-out 20; basketball in the fourth quarter: 10 within 7 points, else 3; overtime 15 |
 * | red cards (football, live) | 4 each, at most 8 |
 *
 * A finished, postponed or cancelled match scores 0: it is not hot. Ties are broken by kickoff, then id.
 */

export interface HeatInput {
  match: Match;
  /** Competition.popularity of the match's competition (100 when unknown). */
  popularity: number;
  /** Red cards shown so far, both sides (second yellows included). */
  redCards: number;
  nowMs: number;
}

const UPCOMING_WINDOW_MS = 3 * 3_600_000;

/** A live match's state: the ball in play, a break, or stopped. */
function statePoints(status: MatchStatus): number {
  if (PLAYING_STATUSES.has(status)) return 30;
  if (BREAK_STATUSES.has(status)) return 24;
  return STOPPED_STATUSES.has(status) ? 10 : 0;
}

export function heatScore({ match, popularity, redCards, nowMs }: HeatInput): number {
  const live = isLive(match.status);
  if (!live && match.status !== 'scheduled') return 0;
  const basketball = sportOf(match.competition) === 'basketball';
  let heat = 40 * (1 - Math.min(100, Math.max(1, popularity)) / 100);

  if (!live) {
    const untilKickoff = Date.parse(match.kickoff) - nowMs;
    return heat + 15 * Math.min(1, Math.max(0, 1 - untilKickoff / UPCOMING_WINDOW_MS));
  }

  heat += statePoints(match.status);
  const { home, away } = match.score.current;
  const margin = Math.abs((home ?? 0) - (away ?? 0));
  if (basketball) {
    heat += margin <= 3 ? 12 : margin <= 7 ? 8 : margin <= 12 ? 2 : 0;
    if (match.status === 'fourth_quarter') heat += margin <= 7 ? 10 : 3;
    if (match.status === 'overtime') heat += 15;
    return heat;
  }
  heat += Math.min(15, 3 * ((home ?? 0) + (away ?? 0)));
  heat += margin === 0 ? 12 : margin === 1 ? 8 : margin === 2 ? 2 : 0;
  const late =
    match.status === 'extra_time' || (match.status === 'second_half' && (match.clock.elapsed ?? 0) >= 75);
  if (match.status === 'penalties') heat += 20;
  else if (late) heat += margin <= 1 ? 10 : 3;
  heat += Math.min(8, 4 * redCards);
  return heat;
}

/** Hottest first; equal heat by kickoff, then id, so the order is stable between polls. */
export function byHeat<T extends { heat: number; match: Match }>(a: T, b: T): number {
  return (
    b.heat - a.heat || a.match.kickoff.localeCompare(b.match.kickoff) || a.match.id.localeCompare(b.match.id)
  );
}

/** Whether a match belongs on the hot list at all: in play, or not started yet. */
export const isHotCandidate = (match: Match): boolean => isLive(match.status) || match.status === 'scheduled';

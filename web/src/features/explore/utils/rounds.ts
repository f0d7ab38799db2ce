import { isLive, type Match } from '@pitchside/shared/domain';
import { dayOf } from '../../../lib/format.ts';

/**
 * A competition's fixtures and results, round by round (matchday by matchday). Matches without a round
 * (basketball's regular season has none) are grouped by their day in the visitor's time zone instead.
 * Rounds are ordered by their first kickoff, so "Regular Season - 9" comes before "- 10" and a cup's
 * rounds follow the calendar.
 */
export interface Round {
  /** What ?round= holds: the provider's round name, or the day (YYYY-MM-DD) for matches without one. */
  key: string;
  /** The provider's round name; null for a day. */
  name: string | null;
  /** The day's date for a round without a name. */
  day: string | null;
  matches: Match[];
}

const byKickoff = (a: Match, b: Match): number =>
  a.kickoff.localeCompare(b.kickoff) || a.id.localeCompare(b.id);

export function groupRounds(matches: readonly Match[], timeZone: string): Round[] {
  const rounds = new Map<string, Round>();
  for (const match of [...matches].sort(byKickoff)) {
    const day = match.round ? null : dayOf(match.kickoff, timeZone);
    const key = match.round ?? day!;
    const round = rounds.get(key);
    if (round) round.matches.push(match);
    else rounds.set(key, { key, name: match.round, day, matches: [match] });
  }
  return [...rounds.values()];
}

/**
 * The round a visitor most likely wants (FotMob's "current matchday"): one with a match in play, else the
 * first with a match still to be played, else the last one. Status only, no clock, so the server and the
 * hydrating browser choose the same.
 */
export function currentRound(rounds: readonly Round[]): Round | null {
  return (
    rounds.find((r) => r.matches.some((m) => isLive(m.status))) ??
    rounds.find((r) => r.matches.some((m) => m.status === 'scheduled')) ??
    rounds.at(-1) ??
    null
  );
}

/** The query parameter that says which round a competition page shows. */
export const ROUND_PARAM = 'round';

/**
 * Whether going from one address to the other only picks another round of the same competition: the page
 * holds every round already, so nothing needs fetching again.
 */
export function onlyRoundChanged(from: URL, to: URL): boolean {
  if (from.pathname !== to.pathname) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(ROUND_PARAM);
    params.sort();
    return params.toString();
  };
  return rest(from) === rest(to) && from.searchParams.get(ROUND_PARAM) !== to.searchParams.get(ROUND_PARAM);
}

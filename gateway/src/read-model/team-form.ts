import { isFinished, type Match } from '@pitchside/shared/domain';
import type { FormEntry, ResultLetter } from '@pitchside/shared/protocol';

/** How many results a team's form shows. */
export const FORM_LENGTH = 5;

/**
 * A finished match's result from one side, by the score on the board after extra time: a match settled
 * on penalties was level, so it is a draw (D), as tables and head-to-head records count it.
 */
export function resultFor(
  match: Match,
  teamId: string,
): { result: ResultLetter; for: number; against: number } | null {
  const { home, away } = match.score.current;
  if (!isFinished(match.status) || home === null || away === null) return null;
  const [own, other] = match.home.id === teamId ? [home, away] : [away, home];
  return { result: own > other ? 'W' : own < other ? 'L' : 'D', for: own, against: other };
}

/**
 * The last `FORM_LENGTH` finished results of a team, oldest first and latest last, as a table's form reads.
 * `stored` says which matches have a page (the others come from the provider's list of the team's results).
 */
export function teamForm(
  matches: readonly Match[],
  teamId: string,
  stored: (matchId: string) => boolean = () => true,
): FormEntry[] {
  return matches
    .filter((m) => (m.home.id === teamId || m.away.id === teamId) && resultFor(m, teamId) !== null)
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.id.localeCompare(b.id))
    .slice(-FORM_LENGTH)
    .map((m) => {
      const r = resultFor(m, teamId)!;
      return {
        matchId: m.id,
        result: r.result,
        kickoff: m.kickoff,
        opponent: m.home.id === teamId ? m.away : m.home,
        goalsFor: r.for,
        goalsAgainst: r.against,
        stored: stored(m.id),
      };
    });
}

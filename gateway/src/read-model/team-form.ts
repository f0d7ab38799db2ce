import { resultFor, type Match } from '@pitchside/shared/domain';
import type { FormEntry } from '@pitchside/shared/protocol';

/** How many results a team's form shows. */
export const FORM_LENGTH = 5;

/** A finished match's result from one side: shared's rule, a shoot-out being the draw it was after 120'. */
export { resultFor };

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
      const entry: FormEntry = {
        matchId: m.id,
        result: r.result,
        kickoff: m.kickoff,
        opponent: m.home.id === teamId ? m.away : m.home,
        goalsFor: r.for,
        goalsAgainst: r.against,
        stored: stored(m.id),
      };
      if (r.shootout) entry.shootout = r.shootout;
      return entry;
    });
}

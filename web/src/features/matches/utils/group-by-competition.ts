import type { CompetitionRef, Match } from '@pitchside/shared/domain';

export interface CompetitionGroup {
  competition: CompetitionRef;
  matches: Match[];
}

/**
 * Groups matches under their competition, as live-score lists do. Competitions are ordered by country
 * (international ones, with no country, first) then name; matches by kickoff, then id for a stable order.
 */
export function groupByCompetition(matches: readonly Match[]): CompetitionGroup[] {
  const groups = new Map<string, CompetitionGroup>();
  for (const match of matches) {
    const group = groups.get(match.competition.id);
    if (group) group.matches.push(match);
    else groups.set(match.competition.id, { competition: match.competition, matches: [match] });
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      (a.competition.country ?? '').localeCompare(b.competition.country ?? '') ||
      a.competition.name.localeCompare(b.competition.name) ||
      a.competition.id.localeCompare(b.competition.id),
  );
  for (const group of sorted) {
    group.matches.sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.id.localeCompare(b.id));
  }
  return sorted;
}

import { foldText, type Team } from '@pitchside/shared/domain';

/**
 * Team search over name, short name and code, case- and accent-insensitive ("munchen" finds "München").
 * Better matches first: a field equal to the query, then one starting with it, then a word of the name
 * starting with it ("city" finds "Blackmere City"), then the query anywhere; alphabetical within each.
 */
export function searchTeams(teams: readonly Team[], query: string, limit: number): Team[] {
  const q = foldText(query.trim());
  if (q === '') return [];
  const ranked: { team: Team; rank: number }[] = [];
  for (const team of teams) {
    const rank = matchRank(team, q);
    if (rank !== null) ranked.push({ team, rank });
  }
  return ranked
    .sort(
      (a, b) =>
        a.rank - b.rank || a.team.name.localeCompare(b.team.name) || a.team.id.localeCompare(b.team.id),
    )
    .slice(0, limit)
    .map((r) => r.team);
}

const EXACT = 0;
const PREFIX = 1;
const WORD_PREFIX = 2;
const ANYWHERE = 3;

function matchRank(team: Team, q: string): number | null {
  const fields = [team.name, team.shortName, team.code].filter((f): f is string => f !== null).map(foldText);
  if (fields.some((f) => f === q)) return EXACT;
  if (fields.some((f) => f.startsWith(q))) return PREFIX;
  if (fields.some((f) => f.split(/[^a-z0-9]+/).some((word) => word.startsWith(q)))) return WORD_PREFIX;
  if (fields.some((f) => f.includes(q))) return ANYWHERE;
  return null;
}

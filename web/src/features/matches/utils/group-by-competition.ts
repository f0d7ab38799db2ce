import { DEFAULT_SPORT, sportOf, type CompetitionRef, type Match } from '@pitchside/shared/domain';

export interface CompetitionGroup {
  competition: CompetitionRef;
  matches: Match[];
}

/** The visitor's favourites as lists read them (the favourites feature provides them; empty by default). */
export interface FavouriteIds {
  competition: ReadonlySet<string>;
  team: ReadonlySet<string>;
}

const NONE: FavouriteIds = { competition: new Set(), team: new Set() };

export const hasFavouriteTeam = (match: Match, favourites: FavouriteIds): boolean =>
  favourites.team.has(match.home.id) || favourites.team.has(match.away.id);

/**
 * One collator for every comparison: `localeCompare` builds (or looks up) one per call, which made sorting
 * a day's matches a visible part of the page's hydration. English collation, as the names are English, and
 * the same on the server and in the browser, so both render the same order.
 */
const compareText = new Intl.Collator('en').compare;

/**
 * Groups matches under their competition, as live-score lists do. Favourite competitions come first, then
 * competitions where a favourite team plays; otherwise football before other sports, then by country
 * (international ones, with no country, first) and name. Matches of a favourite team lead their group;
 * otherwise matches go by kickoff, then id for a stable order.
 */
export function groupByCompetition(
  matches: readonly Match[],
  favourites: FavouriteIds = NONE,
): CompetitionGroup[] {
  const groups = new Map<string, CompetitionGroup>();
  for (const match of matches) {
    const group = groups.get(match.competition.id);
    if (group) group.matches.push(match);
    else groups.set(match.competition.id, { competition: match.competition, matches: [match] });
  }
  const rank = (group: CompetitionGroup): number => {
    if (favourites.competition.has(group.competition.id)) return 0;
    return group.matches.some((m) => hasFavouriteTeam(m, favourites)) ? 1 : 2;
  };
  const sportRank = (c: CompetitionRef): number => (sportOf(c) === DEFAULT_SPORT ? 0 : 1);
  const sorted = [...groups.values()].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      sportRank(a.competition) - sportRank(b.competition) ||
      compareText(sportOf(a.competition), sportOf(b.competition)) ||
      compareText(a.competition.country ?? '', b.competition.country ?? '') ||
      compareText(a.competition.name, b.competition.name) ||
      compareText(a.competition.id, b.competition.id),
  );
  const teamRank = (m: Match): number => (hasFavouriteTeam(m, favourites) ? 0 : 1);
  for (const group of sorted) {
    group.matches.sort(
      (a, b) => teamRank(a) - teamRank(b) || compareText(a.kickoff, b.kickoff) || compareText(a.id, b.id),
    );
  }
  return sorted;
}

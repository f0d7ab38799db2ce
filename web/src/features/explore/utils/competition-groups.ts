import type { Competition } from '@pitchside/shared/domain';
import { foldText } from '@pitchside/shared/domain';

/**
 * The league list's order: international competitions first, then country by country (alphabetically in
 * the visitor's language), each group most prominent first (`popularity`, lower first), then by name.
 * Providers name international competitions' "country" World (API-Football) or a continent
 * (API-Basketball's Europe): those are international too.
 */
export interface CompetitionGroup {
  /** 'favourites', 'international' or the country's name. */
  key: string;
  kind: 'favourites' | 'international' | 'country';
  /** The country's name as the provider gives it; null for the other two kinds. */
  country: string | null;
  flag: string | null;
  competitions: Competition[];
}

const INTERNATIONAL = new Set([
  'world',
  'international',
  'europe',
  'africa',
  'asia',
  'oceania',
  'americas',
  'south america',
  'north america',
  'north & central america',
]);

export const isInternational = (competition: Pick<Competition, 'country'>): boolean =>
  competition.country === null || INTERNATIONAL.has(competition.country.trim().toLowerCase());

export const byProminence = (a: Competition, b: Competition): number =>
  a.popularity - b.popularity || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function groupCompetitions(
  competitions: readonly Competition[],
  options: { favourites?: ReadonlySet<string>; locale?: string } = {},
): CompetitionGroup[] {
  const favourites = options.favourites ?? new Set<string>();
  const collator = new Intl.Collator(options.locale ?? 'en', { sensitivity: 'base' });
  const favouriteGroup: CompetitionGroup = {
    key: 'favourites',
    kind: 'favourites',
    country: null,
    flag: null,
    competitions: [],
  };
  const international: CompetitionGroup = {
    key: 'international',
    kind: 'international',
    country: null,
    flag: null,
    competitions: [],
  };
  const countries = new Map<string, CompetitionGroup>();
  for (const competition of competitions) {
    if (favourites.has(competition.id)) favouriteGroup.competitions.push(competition);
    if (isInternational(competition)) {
      international.competitions.push(competition);
      continue;
    }
    const country = competition.country!;
    let group = countries.get(country);
    if (!group) {
      group = { key: `country:${country}`, kind: 'country', country, flag: null, competitions: [] };
      countries.set(country, group);
    }
    group.flag ??= competition.flag;
    group.competitions.push(competition);
  }
  const groups = [
    favouriteGroup,
    international,
    ...[...countries.values()].sort((a, b) => collator.compare(a.country!, b.country!)),
  ].filter((g) => g.competitions.length > 0);
  for (const group of groups) group.competitions.sort(byProminence);
  return groups;
}

/**
 * The filter box: a competition matches when every word typed starts a word of its name or country, accents
 * and case aside ("prem eng" finds Premier Division, England).
 */
export function matchesFilter(competition: Pick<Competition, 'name' | 'country'>, filter: string): boolean {
  const words = foldText(filter)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(`${competition.name} ${competition.country ?? ''}`)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
}

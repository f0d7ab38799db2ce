import type { Competition } from '@pitchside/shared/domain';
import { DEFAULT_POPULARITY } from './competition-popularity.ts';
import type { ApiLeague } from './league-schema.ts';

/**
 * A `/leagues?current=true` item as our Competition: cup or league from `league.type`, the season from the
 * one marked current (the last listed when none is), its prominence from `popularity` (by league id).
 * Null for a league with no season at all.
 */
export function normaliseCompetition(
  { league, country, seasons }: ApiLeague,
  popularity: ReadonlyMap<string, number> = new Map(),
): Competition | null {
  const season = seasons.find((s) => s.current) ?? seasons.at(-1);
  if (!season) return null;
  return {
    id: String(league.id),
    sport: 'football',
    name: league.name,
    type: league.type.toLowerCase() === 'cup' ? 'cup' : 'league',
    country: country.name,
    countryCode: country.code,
    flag: country.flag,
    season: season.year,
    logo: league.logo,
    popularity: popularity.get(String(league.id)) ?? DEFAULT_POPULARITY,
  };
}

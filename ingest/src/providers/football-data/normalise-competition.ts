import type { Competition } from '@pitchside/shared/domain';
import type { FdCompetition } from './competition-schema.ts';

/**
 * A `/v4/competitions` item as ours, or null without a current season (nothing to poll). Only LEAGUE is a
 * league; LEAGUE_CUP, CUP and PLAYOFFS are knockouts as far as our pages are concerned.
 */
export function normaliseFdCompetition(c: FdCompetition): Competition | null {
  if (!c.currentSeason) return null;
  return {
    id: String(c.id),
    sport: 'football',
    name: c.name,
    type: c.type === 'LEAGUE' ? 'league' : 'cup',
    country: c.area.name,
    countryCode: c.area.code ?? null,
    flag: c.area.flag ?? null,
    season: Number(c.currentSeason.startDate.slice(0, 4)),
    logo: c.emblem ?? null,
    popularity: 100,
  };
}

import type { Team } from '@pitchside/shared/domain';
import type { ApiTeam } from './team-schema.ts';

/** An API-Football `/teams` item as our Team; a ground with no name and no city is no ground. */
export function normaliseTeam({ team, venue }: ApiTeam): Team {
  return {
    id: String(team.id),
    name: team.name,
    shortName: null,
    code: team.code,
    country: team.country,
    founded: team.founded,
    logo: team.logo,
    venue:
      venue && (venue.name !== null || venue.city !== null)
        ? { name: venue.name, city: venue.city, capacity: venue.capacity }
        : null,
  };
}

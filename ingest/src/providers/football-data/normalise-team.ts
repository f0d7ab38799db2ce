import type { Team } from '@pitchside/shared/domain';
import type { FdTeam } from './team-schema.ts';

/** A v4 team as ours; v4 names the stadium only, so city and capacity stay null. */
export function normaliseFdTeam(t: FdTeam): Team {
  return {
    id: String(t.id),
    name: t.name,
    shortName: t.shortName ?? null,
    code: t.tla?.trim() || null,
    country: t.area?.name ?? null,
    founded: t.founded ?? null,
    logo: t.crest ?? null,
    venue: t.venue ? { name: t.venue, city: null, capacity: null } : null,
  };
}

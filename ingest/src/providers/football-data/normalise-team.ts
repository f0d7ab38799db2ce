import type { Squad, Team } from '@pitchside/shared/domain';
import { toIsoUtc } from '../iso-utc.ts';
import { squadPosition } from '../squad-position.ts';
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

const YEAR_MS = 365.2425 * 86_400_000;

/** A v4 team's squad as ours: v4 gives a date of birth rather than an age, and no photos. */
export function normaliseFdSquad(t: FdTeam, nowMs: number): Squad {
  return {
    teamId: String(t.id),
    players: (t.squad ?? []).map((p) => {
      const born = p.dateOfBirth ? Date.parse(p.dateOfBirth) : NaN;
      return {
        id: String(p.id),
        name: p.name,
        number: p.shirtNumber ?? null,
        position: squadPosition(p.position),
        age: Number.isFinite(born) ? Math.floor((nowMs - born) / YEAR_MS) : null,
        photo: null,
      };
    }),
    updatedAt: toIsoUtc(nowMs) ?? new Date(nowMs).toISOString(),
  };
}

import type { Squad } from '@pitchside/shared/domain';
import { toIsoUtc } from '../iso-utc.ts';
import { squadPosition } from '../squad-position.ts';
import type { ApiSquad } from './squad-schema.ts';

/** A `/players/squads` item as our Squad, stamped with when it was fetched. */
export function normaliseSquad({ team, players }: ApiSquad, nowMs: number): Squad {
  return {
    teamId: String(team.id),
    players: players.map((p) => ({
      id: String(p.id),
      name: p.name,
      number: p.number,
      position: squadPosition(p.position),
      age: p.age,
      photo: p.photo,
    })),
    updatedAt: toIsoUtc(nowMs) ?? new Date(nowMs).toISOString(),
  };
}

import { z } from 'zod';
import { IdSchema } from './competition.ts';
import { PlayerSchema } from './team.ts';

/** A player of a team's squad: the shirt number and position the team page lists them by. */
export const SquadPlayerSchema = PlayerSchema.extend({
  age: z.number().int().min(0).max(100).nullable().default(null),
  photo: z.string().nullable().default(null),
});
export type SquadPlayer = z.infer<typeof SquadPlayerSchema>;

/** A team's current squad, as the provider lists it (API-Football `/players/squads`). */
export const SquadSchema = z.object({
  teamId: IdSchema,
  players: z.array(SquadPlayerSchema),
  /** When ingest fetched it: squads change with transfers, so they are refreshed now and then. */
  updatedAt: z.iso.datetime(),
});
export type Squad = z.infer<typeof SquadSchema>;

const POSITION_ORDER = { G: 0, D: 1, M: 2, F: 3 } as const;

/** Team-sheet order: goalkeepers, defenders, midfielders, forwards, each by shirt number, then name. */
export const compareSquadPlayers = (a: SquadPlayer, b: SquadPlayer): number =>
  (a.position === null ? 4 : POSITION_ORDER[a.position]) -
    (b.position === null ? 4 : POSITION_ORDER[b.position]) ||
  (a.number ?? 1000) - (b.number ?? 1000) ||
  a.name.localeCompare(b.name);

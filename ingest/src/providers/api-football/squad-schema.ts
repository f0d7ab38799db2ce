import { z } from 'zod';

/** One item of `/players/squads?team=`: the team and its current squad. */
export const ApiSquadSchema = z.object({
  team: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  players: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      age: z.number().int().nullable(),
      number: z.number().int().nullable(),
      /** "Goalkeeper", "Defender", "Midfielder", "Attacker". */
      position: z.string().nullable(),
      photo: z.string().nullable(),
    }),
  ),
});
export type ApiSquad = z.infer<typeof ApiSquadSchema>;

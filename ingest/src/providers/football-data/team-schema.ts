import { z } from 'zod';

/** A v4 team, as `/v4/teams/{id}` returns it and `/v4/competitions/{code}/teams` lists it. */
export const FdTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string().nullable().optional(),
  tla: z.string().nullable().optional(),
  crest: z.string().nullable().optional(),
  founded: z.number().int().nullable().optional(),
  /** Only the stadium's name: v4 has no city or capacity. */
  venue: z.string().nullable().optional(),
  area: z.object({ name: z.string().nullable() }).optional(),
  /** Only on `/v4/teams/{id}`: the current squad. */
  squad: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        /** "Goalkeeper", "Defence", "Midfield", "Offence", or a finer role ("Centre-Back"). */
        position: z.string().nullable().optional(),
        dateOfBirth: z.string().nullable().optional(),
        shirtNumber: z.number().int().nullable().optional(),
      }),
    )
    .optional(),
});
export type FdTeam = z.infer<typeof FdTeamSchema>;

export const FdTeamListSchema = z.object({ teams: z.array(FdTeamSchema) });

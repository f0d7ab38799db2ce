import { z } from 'zod';

/** One item of `/teams`: the club and its ground (every venue field may be null). */
export const ApiTeamSchema = z.object({
  team: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string().nullable(),
    country: z.string().nullable(),
    founded: z.number().int().nullable(),
    logo: z.string().nullable(),
  }),
  venue: z
    .object({
      name: z.string().nullable(),
      city: z.string().nullable(),
      capacity: z.number().int().nullable(),
    })
    .nullable(),
});
export type ApiTeam = z.infer<typeof ApiTeamSchema>;

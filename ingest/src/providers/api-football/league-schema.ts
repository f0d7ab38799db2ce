import { z } from 'zod';

/** One item of `/leagues?current=true`; `league.type` is "League" or "Cup". */
export const ApiLeagueSchema = z.object({
  league: z.object({ id: z.number().int(), name: z.string(), type: z.string(), logo: z.string().nullable() }),
  country: z.object({
    name: z.string().nullable(),
    code: z.string().nullable(),
    flag: z.string().nullable(),
  }),
  seasons: z.array(z.object({ year: z.number().int(), current: z.boolean() })),
});
export type ApiLeague = z.infer<typeof ApiLeagueSchema>;

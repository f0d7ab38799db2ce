import { z } from 'zod';

/** One item of `/v4/competitions`; `type` is LEAGUE, LEAGUE_CUP, CUP or PLAYOFFS. */
export const FdCompetitionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable().optional(),
  type: z.string(),
  emblem: z.string().nullable().optional(),
  area: z.object({
    name: z.string().nullable(),
    code: z.string().nullable().optional(),
    flag: z.string().nullable().optional(),
  }),
  currentSeason: z.object({ startDate: z.string() }).nullable().optional(),
});
export type FdCompetition = z.infer<typeof FdCompetitionSchema>;

export const FdCompetitionListSchema = z.object({ competitions: z.array(FdCompetitionSchema) });

import { z } from 'zod';

const ApiRecordSchema = z.object({
  played: z.number().int(),
  win: z.number().int(),
  draw: z.number().int(),
  lose: z.number().int(),
  goals: z.object({ for: z.number().int(), against: z.number().int() }),
});

const ApiStandingsRowSchema = z.object({
  rank: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  points: z.number().int(),
  goalsDiff: z.number().int(),
  group: z.string().nullable(),
  /** Latest result FIRST ("LDWWW" is Man City 2022-23 ending L at Brentford, D at Brighton). */
  form: z.string().nullable(),
  description: z.string().nullable(),
  all: ApiRecordSchema,
  home: ApiRecordSchema,
  away: ApiRecordSchema,
  update: z.string().nullable(),
});
export type ApiStandingsRow = z.infer<typeof ApiStandingsRowSchema>;

/** One item of `/standings`: a league with one table per group. */
export const ApiStandingsSchema = z.object({
  league: z.object({
    id: z.number().int(),
    name: z.string(),
    season: z.number().int(),
    standings: z.array(z.array(ApiStandingsRowSchema)),
  }),
});
export type ApiStandings = z.infer<typeof ApiStandingsSchema>;

import { z } from 'zod';
import { IdSchema } from './competition.ts';
import { TeamRefSchema } from './team.ts';

export const RecordSchema = z.object({
  played: z.number().int().min(0),
  won: z.number().int().min(0),
  drawn: z.number().int().min(0),
  lost: z.number().int().min(0),
  goalsFor: z.number().int().min(0),
  goalsAgainst: z.number().int().min(0),
});
export type TeamRecord = z.infer<typeof RecordSchema>;

export const StandingsRowSchema = z.object({
  rank: z.number().int().min(1),
  team: TeamRefSchema,
  points: z.number().int(),
  goalDifference: z.number().int(),
  /** Latest result last, W/D/L, at most the last five. */
  form: z.string().regex(/^[WDL]{0,10}$/),
  /** Zone description, e.g. "Promotion - Champions League (Group Stage)". */
  description: z.string().nullable(),
  group: z.string().nullable(),
  total: RecordSchema,
  /** Null where the provider has no home/away split (cup group tables). */
  home: RecordSchema.nullable(),
  away: RecordSchema.nullable(),
});
export type StandingsRow = z.infer<typeof StandingsRowSchema>;

export const StandingsSchema = z.object({
  competitionId: IdSchema,
  season: z.number().int(),
  /** One table per group; a league has one. */
  groups: z.array(z.object({ name: z.string().nullable(), rows: z.array(StandingsRowSchema) })),
  updatedAt: z.iso.datetime(),
});
export type Standings = z.infer<typeof StandingsSchema>;

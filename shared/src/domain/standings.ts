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

/**
 * A competition's tables: **finished matches only**. A match in play is not in them, not even with its
 * provisional result, so a "live table" is these rows plus the live scores of the matches in play,
 * computed by whoever shows it (the web does) without counting a match twice.
 *
 * Checked for the simulated game API: a result counts once the match reaches FT, AET or PEN, never while
 * it is in play (ingest/simulator/src/standings.ts `tableResult`; standings.test.ts beside it asserts
 * it). Real providers refresh tables some time after the final whistle (API-Football documents an hourly
 * update), and ingest stores what they send, so a table may trail a final whistle for a while: a match
 * that has finished but is not counted yet leaves its teams' `total.played` where it was.
 */
export const StandingsSchema = z.object({
  competitionId: IdSchema,
  season: z.number().int(),
  /** One table per group; a league has one. */
  groups: z.array(z.object({ name: z.string().nullable(), rows: z.array(StandingsRowSchema) })),
  updatedAt: z.iso.datetime(),
});
export type Standings = z.infer<typeof StandingsSchema>;

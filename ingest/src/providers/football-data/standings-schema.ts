import { z } from 'zod';

const FdTableRowSchema = z.object({
  position: z.number().int(),
  team: z.object({
    id: z.number().int(),
    name: z.string(),
    shortName: z.string().nullable().optional(),
    crest: z.string().nullable().optional(),
  }),
  playedGames: z.number().int(),
  /** "W,D,W,W,D", latest result FIRST; null in cup group tables. */
  form: z.string().nullable(),
  won: z.number().int(),
  draw: z.number().int(),
  lost: z.number().int(),
  points: z.number().int(),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  goalDifference: z.number().int(),
});
export type FdTableRow = z.infer<typeof FdTableRowSchema>;

/** `/v4/competitions/{code}/standings`: one table per stage, type (TOTAL, HOME, AWAY) and group. */
export const FdStandingsSchema = z.object({
  competition: z.object({ id: z.number().int() }),
  season: z.object({ startDate: z.string() }),
  standings: z.array(
    z.object({
      stage: z.string().nullable(),
      type: z.enum(['TOTAL', 'HOME', 'AWAY']),
      group: z.string().nullable(),
      table: z.array(FdTableRowSchema),
    }),
  ),
});
export type FdStandings = z.infer<typeof FdStandingsSchema>;

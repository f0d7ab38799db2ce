import { z } from 'zod';
import { CompetitionRefSchema, IdSchema } from './competition.ts';
import { MATCH_STATUSES } from './match-status.ts';
import { TeamRefSchema } from './team.ts';

export * from './match-status.ts';

/** Normalised match status (match-status.ts): every provider's codes map onto these. */
export const MatchStatusSchema = z.enum(MATCH_STATUSES);

export const ScorePairSchema = z.object({
  home: z.number().int().min(0).nullable(),
  away: z.number().int().min(0).nullable(),
});
export type ScorePair = z.infer<typeof ScorePairSchema>;

export const ScoreSchema = z.object({
  /**
   * What the scoreboard shows now: goals after 90 minutes, or after 120 once extra time is played, never
   * the shoot-out's (a basketball game's points).
   */
  current: ScorePairSchema,
  halftime: ScorePairSchema,
  /** At the end of regulation time (90 minutes; four quarters). */
  fulltime: ScorePairSchema,
  /** Scored in extra time (overtime) only, not the running total. */
  extratime: ScorePairSchema,
  penalties: ScorePairSchema,
  /**
   * Both legs of a two-legged tie added up, this match's home side first, once this match is the second
   * leg: from the provider when it gives one, else summed by ingest from the stored first leg. Absent for
   * a match that is not a second leg (or whose first leg is not known).
   */
  aggregate: ScorePairSchema.optional(),
  /**
   * Who the provider says won: the match or, for a match that settles a two-legged tie, the tie (who went
   * through, as football-data's `score.winner` and API-Football's `teams.*.winner` mean it). Null for a
   * draw or before the end; absent when the provider does not say. Read it through `matchOutcome`.
   */
  winner: z.enum(['home', 'away']).nullable().optional(),
  /**
   * Points of each period on its own, in order, for sports scored by period: basketball's four quarters,
   * then one entry for all overtime once it is played. Absent for football. A period not reached yet is
   * left out; the one in play holds its points so far.
   */
  periods: z.array(ScorePairSchema).max(10).optional(),
});
export type Score = z.infer<typeof ScoreSchema>;

export const ClockSchema = z.object({
  /**
   * Minutes played, as the provider's clock says: in football since kickoff (45 at the end of the first
   * half); in basketball within the current quarter or overtime, which the status names ("Q3 7'").
   */
  elapsed: z.number().int().min(0).max(200).nullable(),
  /** Added minutes beyond the end of the period (45+2 is elapsed 45, stoppage 2). */
  stoppage: z.number().int().min(0).max(60).nullable(),
});
export type Clock = z.infer<typeof ClockSchema>;

export const VenueSchema = z.object({ name: z.string().nullable(), city: z.string().nullable() });
export type Venue = z.infer<typeof VenueSchema>;

export const MatchSchema = z.object({
  id: IdSchema,
  competition: CompetitionRefSchema,
  round: z.string().nullable(),
  /** ISO 8601 in UTC, always with a Z. */
  kickoff: z.iso.datetime(),
  venue: VenueSchema.nullable(),
  referee: z.string().nullable().default(null),
  status: MatchStatusSchema,
  clock: ClockSchema,
  home: TeamRefSchema,
  away: TeamRefSchema,
  score: ScoreSchema,
});
export type Match = z.infer<typeof MatchSchema>;

export const emptyScore = (): Score => ({
  current: { home: null, away: null },
  halftime: { home: null, away: null },
  fulltime: { home: null, away: null },
  extratime: { home: null, away: null },
  penalties: { home: null, away: null },
});

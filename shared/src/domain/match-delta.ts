import { z } from 'zod';
import { IdSchema } from './competition.ts';
import { ClockSchema, MatchSchema, MatchStatusSchema, ScoreSchema } from './match.ts';
import { MatchEventSchema } from './match-event.ts';
import { LineupSchema } from './lineup.ts';
import { TeamStatisticsSchema } from './statistics.ts';

/**
 * One change inside a delta. Each carries the new value, never an increment,
 * so applying a change twice is harmless and a client never has to do arithmetic.
 */
export const MatchChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('score'), score: ScoreSchema }),
  z.object({ type: z.literal('status'), status: MatchStatusSchema, clock: ClockSchema }),
  z.object({ type: z.literal('clock'), clock: ClockSchema }),
  z.object({ type: z.literal('event_added'), event: MatchEventSchema }),
  z.object({ type: z.literal('event_updated'), event: MatchEventSchema }),
  z.object({ type: z.literal('event_removed'), eventId: IdSchema }),
  z.object({ type: z.literal('lineups'), lineups: z.array(LineupSchema) }),
  z.object({ type: z.literal('statistics'), statistics: z.array(TeamStatisticsSchema) }),
  /** Kickoff, venue, round, referee, names: rare changes, sent as the whole match header. */
  z.object({ type: z.literal('info'), match: MatchSchema }),
]);
export type MatchChange = z.infer<typeof MatchChangeSchema>;

/** What the server pushes to a match room: one atomic change-set, numbered. */
export const MatchDeltaSchema = z.object({
  matchId: IdSchema,
  /** Changes whenever the match's history restarts (Redis flushed, stream rebuilt): a reset. */
  epoch: z.string().min(1),
  /** 1, 2, 3... per match and epoch, without holes. */
  seq: z.number().int().min(1),
  /** When ingest published it (ms since the epoch), for lag measurement. */
  at: z.number().int(),
  changes: z.array(MatchChangeSchema).min(1),
});
export type MatchDelta = z.infer<typeof MatchDeltaSchema>;

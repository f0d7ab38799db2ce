import { z } from 'zod';
import { MatchSchema } from './match.ts';
import { MatchEventSchema } from './match-event.ts';
import { LineupSchema } from './lineup.ts';
import { TeamStatisticsSchema } from './statistics.ts';

/** Everything a match page shows: the snapshot a subscriber starts from. */
export const MatchDetailSchema = z.object({
  match: MatchSchema,
  events: z.array(MatchEventSchema),
  lineups: z.array(LineupSchema),
  statistics: z.array(TeamStatisticsSchema),
});
export type MatchDetail = z.infer<typeof MatchDetailSchema>;

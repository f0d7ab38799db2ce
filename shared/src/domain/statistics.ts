import { z } from 'zod';
import { IdSchema } from './competition.ts';

/** The statistics we show, in the order we show them. Values are numbers; percentages are 0..100. */
export const STATISTIC_KEYS = [
  'possession',
  'shots_total',
  'shots_on_target',
  'shots_off_target',
  'shots_blocked',
  'shots_inside_box',
  'shots_outside_box',
  'corners',
  'offsides',
  'fouls',
  'yellow_cards',
  'red_cards',
  'saves',
  'passes_total',
  'passes_accurate',
  'pass_accuracy',
  'expected_goals',
] as const;
export const StatisticKeySchema = z.enum(STATISTIC_KEYS);
export type StatisticKey = z.infer<typeof StatisticKeySchema>;

export const TeamStatisticsSchema = z.object({
  teamId: IdSchema,
  values: z.partialRecord(StatisticKeySchema, z.number().min(0)),
});
export type TeamStatistics = z.infer<typeof TeamStatisticsSchema>;

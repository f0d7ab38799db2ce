import { z } from 'zod';

/** One team's entry of `/fixtures/statistics`: values are numbers, "35%", "1.17" (xG) or null. */
export const ApiTeamStatisticsSchema = z.object({
  team: z.object({ id: z.number().int(), name: z.string().nullable() }),
  statistics: z.array(z.object({ type: z.string(), value: z.union([z.number(), z.string(), z.null()]) })),
});
export type ApiTeamStatistics = z.infer<typeof ApiTeamStatisticsSchema>;

import { z } from 'zod';
import { ApiEventSchema } from './event-schema.ts';
import { ApiLineupSchema } from './lineup-schema.ts';
import { ApiTeamStatisticsSchema } from './statistics-schema.ts';
import { API_STATUS_CODES } from './status-map.ts';

const PairSchema = z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() });
const ApiTeamRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  /** true for who won (a tie's deciding leg: who went through), false for the other, null for a draw or not over. */
  winner: z.boolean().nullable().optional(),
});

/**
 * One fixture of `/fixtures` (live=all, date, id, headtohead). `events`, `lineups` and `statistics` are
 * present only where API-Football inlines them (live=all carries events; id carries all three).
 */
export const ApiFixtureSchema = z.object({
  fixture: z.object({
    id: z.number().int(),
    referee: z.string().nullable(),
    date: z.string(),
    timestamp: z.number().int(),
    venue: z.object({
      id: z.number().int().nullable(),
      name: z.string().nullable(),
      city: z.string().nullable(),
    }),
    status: z.object({
      long: z.string().nullable(),
      // Unknown codes reject the payload: guessing a status would show a wrong one to every viewer.
      short: z.enum(API_STATUS_CODES),
      elapsed: z.number().int().nullable(),
      /** Added time in the current period; sent since 2024, absent from older payloads. */
      extra: z.number().int().nullable().optional(),
    }),
  }),
  league: z.object({
    id: z.number().int(),
    name: z.string(),
    country: z.string().nullable(),
    logo: z.string().nullable(),
    season: z.number().int(),
    round: z.string().nullable(),
  }),
  teams: z.object({ home: ApiTeamRefSchema, away: ApiTeamRefSchema }),
  goals: PairSchema,
  score: z.object({ halftime: PairSchema, fulltime: PairSchema, extratime: PairSchema, penalty: PairSchema }),
  events: z.array(ApiEventSchema).optional(),
  lineups: z.array(ApiLineupSchema).optional(),
  statistics: z.array(ApiTeamStatisticsSchema).optional(),
});
export type ApiFixture = z.infer<typeof ApiFixtureSchema>;

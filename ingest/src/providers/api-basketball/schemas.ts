import { z } from 'zod';

/**
 * API-Basketball v1 (v1.basketball.api-sports.io), the sister API of API-Football: the same envelope and
 * key, its own shapes. Only the fields we read are declared; zod drops the rest.
 */

export const BASKETBALL_STATUS_CODES = [
  'NS',
  'Q1',
  'Q2',
  'Q3',
  'Q4',
  'OT',
  'BT',
  'HT',
  'FT',
  'AOT',
  'POST',
  'CANC',
  'SUSP',
  'AWD',
  'ABD',
] as const;
export type BasketballStatusCode = (typeof BASKETBALL_STATUS_CODES)[number];

const Points = z.number().int().min(0).nullable();
const SideScores = z.object({
  quarter_1: Points,
  quarter_2: Points,
  quarter_3: Points,
  quarter_4: Points,
  over_time: Points,
  total: Points,
});
export type ApiSideScores = z.infer<typeof SideScores>;

const TeamRef = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
const Country = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  code: z.string().nullable(),
  flag: z.string().nullable(),
});

/** One item of `/games`. */
export const ApiGameSchema = z.object({
  id: z.number().int(),
  timestamp: z.number().int(),
  date: z.string(),
  stage: z.string().nullable().optional(),
  week: z.string().nullable().optional(),
  venue: z.string().nullable().optional(),
  status: z.object({
    long: z.string().nullable(),
    // Unknown codes reject the payload, as for football: a guessed status would mislead every viewer.
    short: z.enum(BASKETBALL_STATUS_CODES),
    /** The minute of the period being played: "7", sometimes "7:42". */
    timer: z.union([z.string(), z.number()]).nullable(),
  }),
  league: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    /** "2025-2026", or "2025" for a league played within a year. */
    season: z.union([z.string(), z.number()]),
    logo: z.string().nullable(),
  }),
  country: Country,
  teams: z.object({ home: TeamRef, away: TeamRef }),
  scores: z.object({ home: SideScores, away: SideScores }),
});
export type ApiGame = z.infer<typeof ApiGameSchema>;

/** One item of `/leagues`. */
export const ApiBasketballLeagueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  logo: z.string().nullable(),
  country: Country,
  seasons: z.array(z.object({ season: z.union([z.string(), z.number()]) })),
});
export type ApiBasketballLeague = z.infer<typeof ApiBasketballLeagueSchema>;

/** One item of `/teams`. */
export const ApiBasketballTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  country: Country.nullable().optional(),
});
export type ApiBasketballTeam = z.infer<typeof ApiBasketballTeamSchema>;

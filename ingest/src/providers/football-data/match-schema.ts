import { z } from 'zod';
import { FD_STATUSES } from './status-map.ts';

const PairSchema = z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() });
const PersonSchema = z.object({ id: z.number().int().nullable(), name: z.string().nullable() });
/** The free tier sends whole minutes; some payloads send them as strings ("90"). */
const MinuteSchema = z.union([z.number().int(), z.string()]);

export const FdCompetitionRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable().optional(),
  type: z.string().optional(),
  emblem: z.string().nullable().optional(),
});

/** A side of a match. Both id and name are null in a knockout slot not yet decided. */
const FdMatchTeamSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable().optional(),
  tla: z.string().nullable().optional(),
  crest: z.string().nullable().optional(),
  // Paid tiers only: line-ups and team statistics.
  formation: z.string().nullable().optional(),
  coach: PersonSchema.nullable().optional(),
  lineup: z
    .array(
      z.object({
        id: z.number().int().nullable(),
        name: z.string(),
        position: z.string().nullable().optional(),
        shirtNumber: z.number().int().nullable().optional(),
      }),
    )
    .optional(),
  bench: z
    .array(
      z.object({
        id: z.number().int().nullable(),
        name: z.string(),
        position: z.string().nullable().optional(),
        shirtNumber: z.number().int().nullable().optional(),
      }),
    )
    .optional(),
  statistics: z.record(z.string(), z.number().nullable()).optional(),
});
export type FdMatchTeam = z.infer<typeof FdMatchTeamSchema>;

const FdEventTeamSchema = z.object({ id: z.number().int(), name: z.string().nullable().optional() });

/** Paid tiers only (SOURCES.md: no sample); shape per the v4 documentation. */
export const FdGoalSchema = z.object({
  minute: MinuteSchema,
  injuryTime: z.number().int().nullable().optional(),
  /** REGULAR, PENALTY, OWN (some payloads: OWN_GOAL). */
  type: z.string(),
  team: FdEventTeamSchema,
  scorer: PersonSchema.nullable(),
  assist: PersonSchema.nullable().optional(),
  /** The score right after this goal: tells which side it counted for, own goals included. */
  score: PairSchema.nullable().optional(),
});
export const FdBookingSchema = z.object({
  minute: MinuteSchema,
  injuryTime: z.number().int().nullable().optional(),
  team: FdEventTeamSchema,
  player: PersonSchema.nullable(),
  /** YELLOW, YELLOW_RED, RED. */
  card: z.string(),
});
export const FdSubstitutionSchema = z.object({
  minute: MinuteSchema,
  injuryTime: z.number().int().nullable().optional(),
  team: FdEventTeamSchema,
  playerOut: PersonSchema.nullable(),
  playerIn: PersonSchema.nullable(),
});
export type FdGoal = z.infer<typeof FdGoalSchema>;
export type FdBooking = z.infer<typeof FdBookingSchema>;
export type FdSubstitution = z.infer<typeof FdSubstitutionSchema>;

/** A v4 match, as `/v4/matches`, `/v4/matches/{id}` and `/head2head` return it. */
export const FdMatchSchema = z.object({
  id: z.number().int(),
  area: z.object({ name: z.string().nullable(), code: z.string().nullable().optional() }).optional(),
  competition: FdCompetitionRefSchema,
  season: z.object({ startDate: z.string() }),
  utcDate: z.string(),
  status: z.enum(FD_STATUSES),
  minute: MinuteSchema.nullable().optional(),
  injuryTime: z.number().int().nullable().optional(),
  venue: z.string().nullable().optional(),
  matchday: z.number().int().nullable(),
  stage: z.string().nullable(),
  group: z.string().nullable(),
  homeTeam: FdMatchTeamSchema,
  awayTeam: FdMatchTeamSchema,
  score: z.object({
    /** HOME_TEAM, AWAY_TEAM, DRAW: for a match that settles a two-legged tie, who went through. */
    winner: z.string().nullable().optional(),
    /** REGULAR, EXTRA_TIME, PENALTY_SHOOTOUT. */
    duration: z.string().nullable().optional(),
    fullTime: PairSchema,
    halfTime: PairSchema.optional(),
    regularTime: PairSchema.optional(),
    extraTime: PairSchema.optional(),
    penalties: PairSchema.optional(),
  }),
  referees: z.array(z.object({ name: z.string(), type: z.string().nullable().optional() })).optional(),
  goals: z.array(FdGoalSchema).optional(),
  bookings: z.array(FdBookingSchema).optional(),
  substitutions: z.array(FdSubstitutionSchema).optional(),
});
export type FdMatch = z.infer<typeof FdMatchSchema>;

/** `/v4/matches`, `/v4/teams/{id}/matches`, `/v4/matches/{id}/head2head`: a list under `matches`. */
export const FdMatchListSchema = z.object({ matches: z.array(FdMatchSchema) });

import { z } from 'zod';
import {
  CompetitionSchema,
  IdSchema,
  SportSchema,
  SquadPlayerSchema,
  TeamRefSchema,
  TeamSchema,
} from '../domain/index.ts';
import { ScoreboardEntrySchema } from './messages.ts';

/**
 * What the REST reads of the team, head-to-head and sport pages answer (inside `{ data }`), declared once
 * so the gateway builds them and the web reads them by the same types.
 */

/** A team with the slug its pages are linked by (`teamSlug` in @pitchside/shared/domain). */
export const SluggedTeamSchema = TeamSchema.extend({ slug: z.string() });

export const ResultLetterSchema = z.enum(['W', 'D', 'L']);
export type ResultLetter = z.infer<typeof ResultLetterSchema>;

/**
 * One finished match of a team, from its side (shared `resultFor`): a level score after extra time is a
 * draw (D), and `shootout` says how the penalties then went.
 */
export const FormEntrySchema = z.object({
  matchId: IdSchema,
  result: ResultLetterSchema,
  kickoff: z.iso.datetime(),
  opponent: TeamRefSchema,
  goalsFor: z.number().int().min(0),
  goalsAgainst: z.number().int().min(0),
  shootout: z
    .object({
      won: z.boolean(),
      /** The shoot-out's score from the team's side, when the provider gives it. */
      for: z.number().int().min(0).nullable(),
      against: z.number().int().min(0).nullable(),
    })
    .optional(),
  /**
   * The match is one we store, with its page; false for a result known only from the provider's list of the
   * team's latest (a season we never polled): no page to link to.
   */
  stored: z.boolean().default(true),
});
export type FormEntry = z.infer<typeof FormEntrySchema>;

/** GET /api/teams/:id */
export const TeamPageSchema = z.object({
  team: SluggedTeamSchema,
  /** Every match of the team we hold, by kickoff. */
  matches: z.array(ScoreboardEntrySchema),
  /** Goalkeepers, defenders, midfielders, forwards, each by shirt number; empty when unknown. */
  squad: z.array(SquadPlayerSchema),
  /** The last five finished results, oldest first and latest last (as a table's form reads). */
  form: z.array(FormEntrySchema).max(5),
  /** The competitions the team plays in, most prominent first. */
  competitions: z.array(CompetitionSchema),
});
export type TeamPage = z.infer<typeof TeamPageSchema>;

/** Two teams' record over their finished meetings, from team A's side. */
export const HeadToHeadRecordSchema = z.object({
  played: z.number().int().min(0),
  winsA: z.number().int().min(0),
  draws: z.number().int().min(0),
  winsB: z.number().int().min(0),
  goalsA: z.number().int().min(0),
  goalsB: z.number().int().min(0),
});
export type HeadToHeadRecord = z.infer<typeof HeadToHeadRecordSchema>;

/** GET /api/head-to-head/by-slug/:slug */
export const HeadToHeadSchema = z.object({
  /** The canonical slug of the page, `${a.slug}-vs-${b.slug}`. */
  slug: z.string(),
  teams: z.object({ a: SluggedTeamSchema, b: SluggedTeamSchema }),
  record: HeadToHeadRecordSchema,
  /** Finished meetings, newest first. */
  past: z.array(ScoreboardEntrySchema),
  /** Meetings not played yet, or in play, soonest first. */
  upcoming: z.array(ScoreboardEntrySchema),
  /**
   * The provider's own head-to-head is being read (it was not yet, or long ago): `past` holds the meetings
   * we store meanwhile, and asking again in a few seconds gives all of them.
   */
  pending: z.boolean().default(false),
});
export type HeadToHead = z.infer<typeof HeadToHeadSchema>;

/** GET /api/sports: one entry per sport the site covers, football first. */
export const SportSummarySchema = SportSchema.pick({ slug: true, name: true }).extend({
  competitions: z.number().int().min(0),
  live: z.number().int().min(0),
});
export type SportSummary = z.infer<typeof SportSummarySchema>;

/** GET /api/sports/:slug */
export const SportPageSchema = z.object({
  sport: SportSummarySchema,
  /** Most prominent first. */
  competitions: z.array(CompetitionSchema),
  /** The day's matches (the `date` asked for in `tz`, today by default), by kickoff. */
  matches: z.array(ScoreboardEntrySchema),
});
export type SportPage = z.infer<typeof SportPageSchema>;

/**
 * GET /api/status: whether the data the site serves is current. Ingest records each successful poll; when the
 * live poll has not succeeded for a while (the provider slow, failing or sending garbage), the site keeps
 * serving the last good state and this says it is delayed, and since when.
 */
export const ServiceStatusSchema = z.object({
  redis: z.enum(['up', 'down']),
  /** This gateway is shutting down (its readiness fails too). */
  draining: z.boolean(),
  live: z.object({
    /** When live scores were last fetched from the provider successfully; null before the first poll. */
    updatedAt: z.iso.datetime().nullable(),
    ageSeconds: z.number().min(0).nullable(),
    delayed: z.boolean(),
  }),
});
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

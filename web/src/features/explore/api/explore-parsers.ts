import '../../../lib/zod-browser.ts';
import { CompetitionSchema, StandingsSchema, TeamSchema } from '@pitchside/shared/domain';
import {
  HeadToHeadSchema,
  ScoreboardEntrySchema,
  SportPageSchema,
  SportSummarySchema,
  TeamPageSchema,
} from '@pitchside/shared/protocol';

/**
 * The parsers of explore-api.ts's reads: shared's schemas, in a chunk of their own fetched with the first
 * request, so that zod is not part of a page's first view (envelope.ts `LazyParser`).
 */
export const parsers = {
  competitions: CompetitionSchema.array(),
  competition: CompetitionSchema,
  standings: StandingsSchema,
  entries: ScoreboardEntrySchema.array(),
  teams: TeamSchema.array(),
  teamPage: TeamPageSchema,
  headToHead: HeadToHeadSchema,
  sports: SportSummarySchema.array(),
  sportPage: SportPageSchema,
};

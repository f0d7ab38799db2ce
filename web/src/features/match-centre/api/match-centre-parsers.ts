import '../../../lib/zod-browser.ts';
import { ScoreboardEntrySchema, type ScoreboardEntry } from '@pitchside/shared/protocol';
import type { Parser } from '../../../lib/envelope.ts';
import type { Meeting } from './match-centre-rest.ts';

export { StandingsSchema } from '@pitchside/shared/domain';

/**
 * The parsers of match-centre-rest.ts's reads, built from shared's schemas; loaded lazily so that zod is
 * not part of a page's first view (envelope.ts `LazyParser`). Past meetings come as scoreboard entries;
 * the match centre keeps the matches, and whether each has a page (an empty epoch: a meeting known from
 * the provider's head-to-head only).
 */
export const MeetingsSchema: Parser<Meeting[]> = {
  safeParse(input) {
    const parsed = ScoreboardEntrySchema.array().safeParse(input);
    return parsed.success
      ? {
          success: true,
          data: parsed.data.map((entry: ScoreboardEntry) => ({
            match: entry.match,
            hasPage: entry.epoch !== '',
          })),
        }
      : parsed;
  },
};

import '../../../lib/zod-browser.ts';
import type { Match } from '@pitchside/shared/domain';
import { ScoreboardEntrySchema, type ScoreboardEntry } from '@pitchside/shared/protocol';
import type { Parser } from '../../../lib/envelope.ts';

export { StandingsSchema } from '@pitchside/shared/domain';

/**
 * The parsers of match-centre-rest.ts's reads, built from shared's schemas; loaded lazily so that zod is
 * not part of a page's first view (envelope.ts `LazyParser`). Past meetings come as scoreboard entries;
 * the match centre keeps the matches.
 */
export const MeetingsSchema: Parser<Match[]> = {
  safeParse(input) {
    const parsed = ScoreboardEntrySchema.array().safeParse(input);
    return parsed.success
      ? { success: true, data: parsed.data.map((entry: ScoreboardEntry) => entry.match) }
      : parsed;
  },
};

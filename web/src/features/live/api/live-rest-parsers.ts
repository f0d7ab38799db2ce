import '../../../lib/zod-browser.ts';
import { MatchDetailSchema, MatchSchema } from '@pitchside/shared/domain';
import {
  ScoreboardEntrySchema,
  StreamPositionSchema,
  type ScoreboardEntry,
} from '@pitchside/shared/protocol';
import type { Parser } from '../../../lib/envelope.ts';
import type { HeldMatch } from '../stores/match-slice.ts';

/**
 * The parsers of live-rest.ts's reads, built from shared's schemas; loaded lazily so that zod is not part
 * of a page's first view (envelope.ts `LazyParser`).
 */
export const HeldMatchSchema: Parser<HeldMatch> = StreamPositionSchema.extend({ detail: MatchDetailSchema });

/**
 * The gateway answers /matches/live with scoreboard entries (`{match, epoch, seq}`). A bare `Match[]` is
 * accepted too, with an unknown position (empty epoch) that the socket's first list replaces.
 */
export const LiveListSchema: Parser<ScoreboardEntry[]> = {
  safeParse(input) {
    const entries = ScoreboardEntrySchema.array().safeParse(input);
    if (entries.success) return entries;
    const matches = MatchSchema.array().safeParse(input);
    if (matches.success)
      return { success: true, data: matches.data.map((match) => ({ match, epoch: '', seq: 0 })) };
    return entries;
  },
};

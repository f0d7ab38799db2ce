import { MatchDetailSchema, MatchSchema } from '@pitchside/shared/domain';
import {
  type Ack,
  ScoreboardEntrySchema,
  StreamPositionSchema,
  type ScoreboardEntry,
} from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import type { Parser } from '../../../lib/envelope.ts';
import type { HeldMatch } from '../stores/match-slice.ts';

/**
 * REST reads for a first paint while the socket is still connecting. What they return carries the same
 * `{epoch, seq}` position as the socket's answers, so the socket can resume from it.
 */
const HeldMatchSchema: Parser<HeldMatch> = StreamPositionSchema.extend({ detail: MatchDetailSchema });

export const fetchMatch = (
  matchId: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<HeldMatch>> => api.get(`/matches/${encodeURIComponent(matchId)}`, HeldMatchSchema, signal);

/**
 * The gateway answers /matches/live with scoreboard entries (`{match, epoch, seq}`). A bare `Match[]` is
 * accepted too, with an unknown position (empty epoch) that the socket's first list replaces.
 */
const LiveListSchema: Parser<ScoreboardEntry[]> = {
  safeParse(input) {
    const entries = ScoreboardEntrySchema.array().safeParse(input);
    if (entries.success) return entries;
    const matches = MatchSchema.array().safeParse(input);
    if (matches.success)
      return { success: true, data: matches.data.map((match) => ({ match, epoch: '', seq: 0 })) };
    return entries;
  },
};

export const fetchLiveMatches = (
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<ScoreboardEntry[]>> => api.get('/matches/live', LiveListSchema, signal);

/** Any list of scoreboard entries (/matches/hot, /matches?date=…): same shape as the live list. */
export const fetchEntries = (
  path: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<ScoreboardEntry[]>> => api.get(path, LiveListSchema, signal);

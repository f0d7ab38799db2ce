import type { Ack, ScoreboardEntry } from '@pitchside/shared/protocol';
import { browserApi, type ApiClient } from '../../../lib/api.ts';
import { lazyParser } from '../../../lib/envelope.ts';
import type { HeldMatch } from '../stores/match-slice.ts';

/**
 * REST reads for a first paint while the socket is still connecting. What they return carries the same
 * `{epoch, seq}` position as the socket's answers, so the socket can resume from it. The parsers
 * (live-rest-parsers.ts) come in a chunk of their own, fetched with the first request.
 */
const parsers = () => import('./live-rest-parsers.ts');
const HeldMatchSchema = lazyParser(parsers, (m) => m.HeldMatchSchema);
const LiveListSchema = lazyParser(parsers, (m) => m.LiveListSchema);

export const fetchMatch = (
  matchId: string,
  signal?: AbortSignal,
  api: ApiClient = browserApi,
): Promise<Ack<HeldMatch>> => api.get(`/matches/${encodeURIComponent(matchId)}`, HeldMatchSchema, signal);

/** GET /matches/live: scoreboard entries, or a bare `Match[]` with an unknown position (see the parser). */
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

import { ApiFootballReplay } from './api-football-replay.ts';
import { FootballDataReplay } from './football-data-replay.ts';
import { readFixtureJson } from './project-fixtures.ts';
import { startRateLimitedPeer, type PeerRequest, type RateLimitedPeer } from './rate-limited-peer.ts';

export type RecordedProvider = 'api-football' | 'football-data';
export const RECORDED_PROVIDERS: readonly RecordedProvider[] = ['api-football', 'football-data'];

/** What each provider's peer plays: the project's own recordings (ingest/test/fixtures, their SOURCES.md). */
export const RECORDINGS: Record<RecordedProvider, string> = {
  'api-football': 'api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json',
  'football-data':
    'football-data/v4_competitions_CL_matches_season2022_qualifying_EXTRA_TIME-PENALTY_SHOOTOUT.recorded-http.json',
};

/**
 * The budget a peer enforces unless told otherwise: football-data.org's free tier (10 calls a minute), and
 * API-Football's Pro plan (300 a minute, 7,500 a day: its free plan's 100 a day would not see a match through).
 */
export const DEFAULT_BUDGET: Record<RecordedProvider, { perMinute: number; perDay?: number }> = {
  'football-data': { perMinute: 10 },
  'api-football': { perMinute: 300, perDay: 7500 },
};

export interface RecordedPeerOptions {
  provider: RecordedProvider;
  /** The replay's clock and the minute's (real time by default). */
  now?: () => number;
  /** When the anchor match kicks off on that clock. */
  kickoffAt: number;
  anchor?: string;
  speed?: number;
  perMinute?: number;
  port?: number;
  host?: string;
  /** football-data: send `minute` and `injuryTime` (football-data-replay.ts). */
  minute?: boolean;
  onRequest?: (request: PeerRequest) => void;
}

export interface RecordedPeer {
  peer: RateLimitedPeer;
  replay: ApiFootballReplay | FootballDataReplay;
}

/**
 * A provider's recorded match day served as the provider serves it: the replay of its recording on the clock
 * (api-football-replay.ts, football-data-replay.ts) behind a real HTTP server with the provider's budget headers
 * and refusals (rate-limited-peer.ts). `npm run peer:recorded` runs one for `npm start`; tests run their own.
 */
export async function startRecordedPeer(options: RecordedPeerOptions): Promise<RecordedPeer> {
  const now = options.now ?? Date.now;
  const timing = {
    now,
    kickoffAt: options.kickoffAt,
    ...(options.anchor !== undefined && { anchor: options.anchor }),
    ...(options.speed !== undefined && { speed: options.speed }),
  };
  const recording = readFixtureJson(RECORDINGS[options.provider]);
  const replay =
    options.provider === 'api-football'
      ? new ApiFootballReplay({ ...timing, recording })
      : new FootballDataReplay({ ...timing, recording, minute: options.minute ?? false });
  const budget = DEFAULT_BUDGET[options.provider];
  const peer = await startRateLimitedPeer({
    flavour: options.provider,
    perMinute: options.perMinute ?? budget.perMinute,
    ...(budget.perDay !== undefined && { perDay: budget.perDay }),
    answer: (url) => replay.answer(url),
    now,
    ...(options.port !== undefined && { port: options.port }),
    ...(options.host !== undefined && { host: options.host }),
    ...(options.onRequest && { onRequest: options.onRequest }),
  });
  return { peer, replay };
}

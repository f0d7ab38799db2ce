import type { Redis } from 'ioredis';
import { TeamSchema, type Team } from '@pitchside/shared/domain';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { ApiFootballProvider } from '@pitchside/ingest/providers/api-football/api-football-provider';
import { startRecordedServer, type Reply } from '@pitchside/ingest/testing/recorded-server';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { ReferenceStore } from '@pitchside/ingest/pipeline/reference-store';
import { readFixtureText } from '@pitchside/ingest/testing/fixtures';

/** An empty API-Football envelope: the project's fixtures keep no lineups or statistics (their SOURCES.md). */
const none = (get: string): Reply => ({
  body: JSON.stringify({
    get,
    parameters: {},
    errors: [],
    results: 0,
    paging: { current: 1, total: 1 },
    response: [],
  }),
});

/**
 * Puts one match of a recorded API-Football response (ingest/test/fixtures) where a running site reads it,
 * the way a real provider's match gets there: the real adapter fetches it from a local peer serving the
 * recording, the real store writes it (and its two teams, with `teams`' extra facts) into the stack's Redis.
 */
export async function storeRecordedApiFootballMatch(
  target: { redis: Redis; keys: RedisKeys },
  options: { fixture: string; matchId: string; teams?: Partial<Record<'home' | 'away', Partial<Team>>> },
): Promise<void> {
  const peer = await startRecordedServer({
    [`/fixtures?id=${options.matchId}`]: { body: readFixtureText(options.fixture) },
    '/fixtures/lineups': none('fixtures/lineups'),
    '/fixtures/statistics': none('fixtures/statistics'),
  });
  try {
    const provider = new ApiFootballProvider({ baseUrl: peer.url, apiKey: 'recorded', timeoutMs: 5000 });
    const update = await provider.matchDetail(options.matchId);
    if (!update) throw new Error(`the recording ${options.fixture} has no fixture ${options.matchId}`);
    await new MatchStore(target.redis, target.keys).ingest(update);
    const { home, away } = update.match;
    await new ReferenceStore(target.redis, target.keys).saveTeams([
      TeamSchema.parse({ ...home, ...options.teams?.home }),
      TeamSchema.parse({ ...away, ...options.teams?.away }),
    ]);
  } finally {
    await peer.close();
  }
}

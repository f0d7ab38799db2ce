import { pino } from 'pino';
import { ApiFootballProvider } from '@pitchside/ingest/providers/api-football/api-football-provider';
import { createProcessors } from '@pitchside/ingest/jobs/processors';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { ReferenceStore } from '@pitchside/ingest/pipeline/reference-store';
import { createIngestMetrics } from '@pitchside/ingest/metrics';
import type { Simulator } from '@pitchside/simulator';
import type { TestRedis } from '../redis.ts';

/**
 * Writes the live list and the fixtures as poll-live and poll-fixtures do, so a worker started next (with the
 * simulator's clock frozen) finds nothing new there and poll-details has work: lineups and statistics for each
 * live or imminent match. Returns the store and the live matches' ids.
 */
export async function seedLiveMatches(
  t: TestRedis,
  simulator: Simulator,
): Promise<{ store: MatchStore; ids: string[] }> {
  const store = new MatchStore(t.redis, t.keys);
  const processors = createProcessors({
    provider: new ApiFootballProvider({ baseUrl: simulator.url!, timeoutMs: 5000 }),
    matches: store,
    reference: new ReferenceStore(t.redis, t.keys),
    redis: t.redis,
    keys: t.keys,
    metrics: createIngestMetrics(),
    logger: pino({ level: 'silent' }),
    rssUrl: undefined,
    competitions: [],
    fixtureWindowDays: 1,
    timeoutMs: 5000,
    now: () => simulator.clock.nowMs(),
  });
  await processors['poll-live']();
  await processors['poll-fixtures']();
  return { store, ids: await t.redis.smembers(t.keys.liveMatches()) };
}

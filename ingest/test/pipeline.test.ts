import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { isFinished, MatchDetailSchema } from '@pitchside/shared/domain';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { diffMatch } from '../src/pipeline/match-diff.ts';
import { ReferenceStore } from '../src/pipeline/reference-store.ts';
import { createProcessors } from '../src/jobs/processors.ts';
import { createIngestMetrics } from '../src/metrics.ts';
import { startIngest } from '../src/ingest-worker.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, startGateway } from '@pitchside/test-support/gateway';
import { MatchFollower } from '@pitchside/test-support/match-follower';

/** The simulated game API, through the API-Football adapter and the processors, into real Redis. */
describe('ingest pipeline on the simulated game API', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let simulatorUrl: string;

  const processorsFor = (provider: ApiFootballProvider, metrics = createIngestMetrics()) =>
    createProcessors({
      provider,
      matches: new MatchStore(t.redis, t.keys),
      reference: new ReferenceStore(t.redis, t.keys),
      redis: t.redis,
      keys: t.keys,
      metrics,
      logger: pino({ level: 'silent' }),
      rssUrl: `${simulatorUrl}/rss/matches.xml`,
      competitions: [],
      // As in production: yesterday is polled too, so a match still playing at midnight is seen finishing.
      fixtureWindowDays: 1,
      timeoutMs: 5000,
      now: () => simulator.clock.nowMs(),
    });

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0, apiKey: 'right-key' });
    simulatorUrl = (await simulator.listen(0)).url;
  });
  afterAll(async () => {
    await simulator.close();
    await t.cleanup();
  });

  it('writes every live match once; the same payload again writes nothing', async () => {
    const run = processorsFor(
      new ApiFootballProvider({ baseUrl: simulatorUrl, apiKey: 'right-key', timeoutMs: 5000 }),
    );
    const first = await run['poll-live']();
    expect(first.fetched).toBeGreaterThan(3);
    expect(first.written).toBe(first.fetched);
    expect(await run['poll-live']()).toEqual({ fetched: first.fetched, written: 0 });

    for (const id of await t.redis.smembers(t.keys.liveMatches())) {
      const detail = MatchDetailSchema.parse(JSON.parse((await t.redis.hget(t.keys.match(id), 'detail'))!));
      const ids = detail.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('carries a goal the simulator scores to a real socket.io-client, exactly once', async () => {
    const run = processorsFor(
      new ApiFootballProvider({ baseUrl: simulatorUrl, apiKey: 'right-key', timeoutMs: 5000 }),
    );
    await run['poll-live']();
    const live = await t.redis.smembers(t.keys.liveMatches());
    const goals = live
      .map((id) => ({ id, goal: simulator.schedule.nextGoal(Number(id), simulator.clock.nowMs()) }))
      .filter((g) => g.goal !== null)
      .sort((a, b) => a.goal!.atMs - b.goal!.atMs);
    const target = goals[0]!;

    const gateway = await startGateway(t);
    const socket = connectClient(gateway.url);
    const follower = new MatchFollower(socket, target.id);
    await follower.subscribe();
    const before = follower.detail!;
    const goalsBefore = before.events.filter((e) => e.kind.endsWith('goal')).length;

    simulator.clock.advance(target.goal!.atMs - simulator.clock.nowMs() + 1000);
    await run['poll-live']();
    await run['poll-live'](); // a repeated poll must not repeat the goal

    await expect
      .poll(() => follower.detail?.events.filter((e) => e.kind.endsWith('goal')).length)
      .toBe(goalsBefore + 1);
    const { home, away } = follower.detail!.match.score.current;
    expect((home ?? 0) + (away ?? 0)).toBe(
      (before.match.score.current.home ?? 0) + (before.match.score.current.away ?? 0) + 1,
    );
    expect(follower.duplicates + follower.resyncs).toBe(0);
    // Deltas carry wall time (for lag), not the simulator's clock, which the test moved ahead.
    const [[, fields]] = (await t.redis.xrevrange(t.keys.matchStream(target.id), '+', '-', 'COUNT', 1)) as [
      [string, string[]],
    ];
    const at = (JSON.parse(fields[1]!) as { at: number }).at;
    expect(Math.abs(at - Date.now())).toBeLessThan(10_000);
    socket.disconnect();
    await gateway.close();
  });

  it('rejects an upstream error envelope whole, counting it by code, and writes nothing', async () => {
    const own = await testRedis();
    const ingest = await startIngest(
      {
        redis: own.connect(),
        connection: own.connect({ maxRetriesPerRequest: null }),
        keys: own.keys,
        provider: new ApiFootballProvider({ baseUrl: simulatorUrl, apiKey: 'wrong-key', timeoutMs: 5000 }),
        logger: pino({ level: 'silent' }),
      },
      {
        intervals: {
          'poll-live': 200,
          'poll-details': 60_000,
          'poll-fixtures': 60_000,
          'poll-standings': 60_000,
          'poll-teams': 60_000,
          'poll-squads': 60_000,
          'poll-news': 60_000,
        },
      },
    );
    const counted = async () =>
      (await ingest.metrics.upstreamErrors.get()).values.find(
        (v) => v.labels.code === 'ingest:upstream-errors',
      )?.value ?? 0;
    await expect.poll(counted, { timeout: 10_000 }).toBeGreaterThan(0);
    await ingest.close();
    expect(await own.redis.keys(`${own.prefix}match:*`)).toEqual([]);
    expect(await own.redis.scard(own.keys.liveMatches())).toBe(0);
    await own.cleanup();
  });

  it('keeps one schedule per poll job however often ingest restarts', async () => {
    const deps = {
      redis: t.connect(),
      connection: t.connect({ maxRetriesPerRequest: null }),
      keys: t.keys,
      provider: new ApiFootballProvider({ baseUrl: simulatorUrl, apiKey: 'right-key', timeoutMs: 5000 }),
      logger: pino({ level: 'silent' }),
    };
    const intervals = {
      'poll-live': 60_000,
      'poll-details': 60_000,
      'poll-fixtures': 60_000,
      'poll-standings': 60_000,
      'poll-teams': 60_000,
      'poll-squads': 60_000,
      'poll-news': 60_000,
    };
    for (let i = 0; i < 3; i++) {
      const ingest = await startIngest(deps, { intervals });
      const schedulers = await ingest.queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual([
        'poll-details',
        'poll-fixtures',
        'poll-live',
        'poll-news',
        'poll-on-demand',
        'poll-squads',
        'poll-standings',
        'poll-teams',
      ]);
      await ingest.close();
    }
  });

  it('fills competitions, standings, teams and news', async () => {
    const run = processorsFor(
      new ApiFootballProvider({ baseUrl: simulatorUrl, apiKey: 'right-key', timeoutMs: 5000 }),
    );
    await run['poll-standings']();
    await run['poll-teams']();
    const news = await run['poll-news']();
    expect(await t.redis.hlen(t.keys.competitions())).toBeGreaterThanOrEqual(5);
    expect(await t.redis.hlen(t.keys.teams())).toBeGreaterThanOrEqual(40);
    expect(news.fetched).toBeGreaterThan(0);
    expect(await run['poll-news']()).toMatchObject({ written: 0 });
  });

  it('fetches the final statistics once when the fixtures poll sees the whistle before the live poll does', async () => {
    const provider = new ApiFootballProvider({ baseUrl: simulatorUrl, apiKey: 'right-key', timeoutMs: 5000 });
    const run = processorsFor(provider);
    const store = new MatchStore(t.redis, t.keys);
    await run['poll-live']();
    const [matchId] = (await t.redis.smembers(t.keys.liveMatches())).sort();
    const during = (await store.read(matchId!))!;
    expect(during.detail.statistics.length).toBeGreaterThan(0);

    simulator.clock.advance(3 * 3_600_000); // long past the final whistle
    // The day's list, due (the ingest started above read it a moment ago): status and score, no statistics.
    await t.redis.del(t.keys.ingestFetched());
    await run['poll-fixtures']();
    const listed = (await store.read(matchId!))!;
    expect(isFinished(listed.detail.match.status)).toBe(true);
    expect(await t.redis.sismember(t.keys.liveMatches(), matchId!)).toBe(0);
    expect(await t.redis.zscore(t.keys.detailsWanted(), matchId!)).not.toBeNull();

    // The details polls that follow take the live matches, then the finished ones, latest first.
    for (let i = 0; i < 20 && (await t.redis.zscore(t.keys.detailsWanted(), matchId!)) !== null; i++) {
      await run['poll-details']();
    }
    const after = (await store.read(matchId!))!;
    const truth = (await provider.matchDetail(matchId!))!;
    expect(diffMatch(after.detail, truth).changes).toEqual([]);
    expect(after.detail.statistics).not.toEqual(during.detail.statistics);
    // Done: the lists keep showing it finished, and its details are never fetched again.
    expect(await t.redis.zscore(t.keys.detailsWanted(), matchId!)).toBeNull();
    expect(await t.redis.zscore(t.keys.detailsDone(), matchId!)).not.toBeNull();
    await t.redis.del(t.keys.ingestFetched()); // due again
    await run['poll-fixtures']();
    expect(await t.redis.zscore(t.keys.detailsWanted(), matchId!)).toBeNull();
  });
});

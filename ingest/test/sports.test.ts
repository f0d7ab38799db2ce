import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { MatchDetailSchema, SquadSchema, isFinished, isLive } from '@pitchside/shared/domain';
import { simulatorProvider } from '../src/providers/create-provider.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { ReferenceStore } from '../src/pipeline/reference-store.ts';
import { createProcessors } from '../src/jobs/processors.ts';
import { createIngestMetrics } from '../src/metrics.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, startGateway } from '@pitchside/test-support/gateway';
import { MatchFollower } from '@pitchside/test-support/match-follower';

const MINUTE = 60_000;

/**
 * Basketball and squads, from the simulated game API through the multi-sport provider and the processors
 * into real Redis: the same match store and live deltas as football, so live lists and sockets serve both.
 */
describe('every sport the simulator plays, through ingest', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let run: ReturnType<typeof createProcessors>;

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0 });
    await simulator.listen(0);
    const logger = pino({ level: 'silent' });
    run = createProcessors({
      provider: simulatorProvider({
        baseUrl: simulator.url!,
        today: () => simulator.clock.nowMs(),
        timeoutMs: 5000,
        logger,
      }),
      matches: new MatchStore(t.redis, t.keys),
      reference: new ReferenceStore(t.redis, t.keys),
      redis: t.redis,
      keys: t.keys,
      metrics: createIngestMetrics(),
      logger,
      rssUrl: undefined,
      competitions: [],
      fixtureWindowDays: 0,
      timeoutMs: 5000,
      now: () => simulator.clock.nowMs(),
    });
  });
  afterAll(async () => {
    await simulator.close();
    await t.cleanup();
  });

  const header = async (id: string) =>
    MatchDetailSchema.parse(JSON.parse((await t.redis.hget(t.keys.match(id), 'detail'))!)).match;

  it('stores live basketball games beside football, in the same live index', async () => {
    await run['poll-live']();
    const live = await t.redis.smembers(t.keys.liveMatches());
    const basketball = live.filter((id) => id.startsWith('bb-'));
    expect(basketball.length).toBeGreaterThanOrEqual(3);
    expect(live.length).toBeGreaterThan(basketball.length);
    const game = await header(basketball[0]!);
    expect(game.competition.sport).toBe('basketball');
    expect(isLive(game.status)).toBe(true);
  });

  it('carries quarter scores to a socket viewer as deltas, and takes a finished game off the live list', async () => {
    const live = (await t.redis.smembers(t.keys.liveMatches())).filter((id) => id.startsWith('bb-'));
    const target = live[0]!;
    const gateway = await startGateway(t);
    const socket = connectClient(gateway.url);
    const follower = new MatchFollower(socket, target);
    await follower.subscribe();
    const before = follower.detail!.match.score.current;

    simulator.clock.advance(6 * MINUTE);
    await run['poll-live']();
    await expect
      .poll(() => {
        const now = follower.detail!.match.score.current;
        return (now.home ?? 0) + (now.away ?? 0);
      })
      .toBeGreaterThan((before.home ?? 0) + (before.away ?? 0));
    expect(follower.detail!.match.score.periods?.length).toBeGreaterThan(0);
    expect(follower.duplicates + follower.resyncs).toBe(0);

    // Three hours on, every game of that hour is over: the poll's last look writes its final score.
    simulator.clock.advance(180 * MINUTE);
    await run['poll-live']();
    expect(await t.redis.sismember(t.keys.liveMatches(), target)).toBe(0);
    await expect.poll(() => isFinished(follower.detail!.match.status)).toBe(true);
    socket.disconnect();
    await gateway.close();
  });

  it("fills basketball competitions and teams, and every team's squad a few at a time", async () => {
    // On a fresh store the teams poll learns the competitions itself, whichever poll runs first.
    expect(await t.redis.hlen(t.keys.competitions())).toBe(0);
    await run['poll-teams']();
    await run['poll-standings']();
    const competitions = (await t.redis.hvals(t.keys.competitions())).map((c) => JSON.parse(c));
    expect(competitions.filter((c) => c.sport === 'basketball')).toHaveLength(2);
    const teams = await t.redis.hlen(t.keys.teams());
    expect(teams).toBeGreaterThan(60);

    const first = await run['poll-squads']();
    expect(first.fetched).toBe(10);
    for (let i = 0; i < teams; i += 10) await run['poll-squads']();
    expect(await run['poll-squads']()).toEqual({ fetched: 0, written: 0 });
    expect(await t.redis.zcard(t.keys.squadsByFetch())).toBe(teams);

    const squad = SquadSchema.parse(JSON.parse((await t.redis.get(t.keys.squad('1001')))!));
    expect(squad.players.length).toBeGreaterThanOrEqual(18);
    expect(squad.players[0]).toMatchObject({ number: expect.any(Number), position: 'G' });
    // No squads from the basketball API: an empty one, so that team waits its turn like the others.
    expect(JSON.parse((await t.redis.get(t.keys.squad('bb-5001')))!).players).toEqual([]);

    // A day later they are due again.
    simulator.clock.advance(25 * 60 * MINUTE);
    expect((await run['poll-squads']()).fetched).toBe(10);
  });
});

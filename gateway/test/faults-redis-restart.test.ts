import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { createApp, type App } from '../src/app.ts';
import { simulatorProvider } from '@pitchside/ingest/providers/create-provider';
import { startIngest, type IngestHandle } from '@pitchside/ingest/ingest-worker';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { diffMatch } from '@pitchside/ingest/pipeline/match-diff';
import { POLL_JOBS } from '@pitchside/ingest/jobs/poll-jobs';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { connectClient, connected } from '@pitchside/test-support/gateway';
import { PrivateRedis, redisServerInstalled } from '@pitchside/test-support/faults/redis-server';
import { contiguous, Viewer } from '@pitchside/test-support/faults/viewer';
import { FAULT_POLL_INTERVALS } from '@pitchside/test-support/faults/poll-intervals';

const VIEWERS = 10;
const silent = pino({ level: 'silent' });
const installed = redisServerInstalled();
if (!installed) {
  console.warn(
    '[faults] skipping the Redis-restart test: no redis-server on the PATH (apt-get install redis-server)',
  );
}

/**
 * Issue 7 §4: Redis restarted mid-match. It runs its own redis-server (never the shared one on 6379: other
 * tests use it), without persistence, so the restart loses everything: job schedulers, snapshots, streams.
 * Ingest and the gateway are built as their index.ts files build them (plain ioredis clients, no special
 * reconnect code), the simulator plays the match day, viewers watch a live match through a real socket.
 */
describe.skipIf(!installed)('Redis restarted mid-match', () => {
  let redisServer: PrivateRedis;
  let simulator: Simulator;
  let ingest: IngestHandle;
  let app: App;
  let gatewayUrl: string;
  const clients: Redis[] = [];
  const viewers: Viewer[] = [];
  const keys = redisKeys('faults:');
  const client = (options: { maxRetriesPerRequest?: null } = {}) => {
    const c = new Redis(redisServer.url, options);
    c.on('error', () => {}); // reconnecting is ioredis's job; the services log these
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    redisServer = await PrivateRedis.start();
    simulator = createSimulator({ timeScale: 120, rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
    await simulator.listen(0);
    ingest = await startIngest(
      {
        redis: client(),
        connection: client({ maxRetriesPerRequest: null }),
        keys,
        provider: simulatorProvider({
          baseUrl: simulator.url!,
          today: () => simulator.clock.nowMs(),
          timeoutMs: 5000,
          logger: silent,
        }),
        logger: silent,
      },
      {
        intervals: FAULT_POLL_INTERVALS,
        now: () => simulator.clock.nowMs(),
        schedulerCheckMs: 2000,
      },
    );
    app = await createApp({ redis: client(), subscriber: client(), keys, logger: silent });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    for (const v of viewers) v.close();
    await app?.close();
    await ingest?.close();
    await simulator?.close();
    for (const c of clients) c.disconnect();
    await redisServer?.stop();
  });

  it('ingest and the gateway reconnect by themselves and viewers resynchronise through the epoch', async () => {
    const redis = client();
    const store = new MatchStore(redis, keys);
    await expect
      .poll(async () => (await redis.smembers(keys.liveMatches())).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const [matchId] = (await redis.smembers(keys.liveMatches())).sort();
    for (let i = 0; i < VIEWERS; i++) {
      const socket = connectClient(gatewayUrl);
      await connected(socket);
      const viewer = new Viewer(socket, matchId!);
      viewers.push(viewer);
      await viewer.subscribe();
    }
    const before = (await store.read(matchId!))!;
    // Goals and minutes flow: every viewer applies live deltas in the first epoch.
    await expect
      .poll(() => viewers.every((v) => v.position!.seq >= before.seq + 5), { timeout: 15_000 })
      .toBe(true);
    const firstEpoch = before.epoch;
    const appliedBefore = viewers[0]!.seqs(firstEpoch).length;

    // A key nobody else writes proves the restart lost everything: counting keys would race with ingest and
    // the gateways, which reconnect and write within milliseconds.
    await redis.set('faults:marker', 'before-restart');
    const restartedAt = Date.now();
    const { downMs } = await redisServer.restart();
    expect(await redis.exists('faults:marker')).toBe(0); // it came back empty

    // Ingest puts its schedulers back and polls again: the match is rebuilt under a new epoch.
    await expect.poll(async () => (await ingest.readiness()).ready, { timeout: 15_000 }).toBe(true);
    const schedulersBackMs = Date.now() - restartedAt;
    expect(await ingest.queue.getJobSchedulersCount()).toBe(POLL_JOBS.length);
    await expect
      .poll(async () => (await store.read(matchId!))?.epoch ?? firstEpoch, { timeout: 15_000 })
      .not.toBe(firstEpoch);
    const secondEpoch = (await store.read(matchId!))!.epoch;

    // The gateway's subscriber is back on the match's channel: viewers see the reset, take a snapshot of the
    // new epoch and follow its deltas.
    await expect
      .poll(() => viewers.every((v) => v.position?.epoch === secondEpoch), { timeout: 15_000 })
      .toBe(true);
    const resyncedMs = Math.max(...viewers.map((v) => v.lastSubscribedAt)) - restartedAt;
    const resumedAt = new Map(viewers.map((v) => [v, v.position!.seq]));
    await expect
      .poll(() => viewers.every((v) => v.position!.seq > resumedAt.get(v)!), { timeout: 15_000 })
      .toBe(true);

    // The final whistle: jump the simulated day three hours on and stop the clock; ingest fetches the end.
    simulator.clock.setTimeScale(0);
    simulator.clock.advance(3 * 3_600_000);
    await expect
      .poll(async () => (await store.read(matchId!))?.detail.match.status, { timeout: 15_000 })
      .toMatch(/^finished/);
    const provider = simulatorProvider({
      baseUrl: simulator.url!,
      today: () => simulator.clock.nowMs(),
      timeoutMs: 5000,
      logger: silent,
    });
    const truth = (await provider.matchDetail(matchId!))!;
    await expect
      .poll(async () => diffMatch((await store.read(matchId!))!.detail, truth).changes, { timeout: 15_000 })
      .toEqual([]);
    const final = (await store.read(matchId!))!;
    await expect
      .poll(() => viewers.every((v) => v.position?.seq === final.seq), { timeout: 10_000 })
      .toBe(true);

    for (const v of viewers) {
      expect(v.detail).toEqual(final.detail); // what every viewer shows is the provider's final state
      expect(diffMatch(v.detail, truth).changes).toEqual([]);
      expect(v.resyncs).toBeGreaterThanOrEqual(1);
      const fromSnapshot = v.applied.find((a) => a.epoch === secondEpoch)!.seq - 1;
      expect(contiguous(v.seqs(secondEpoch), fromSnapshot, final.seq)).toBe(true);
      const first = v.seqs(firstEpoch);
      expect(contiguous(first, first[0]! - 1, first.at(-1)!)).toBe(true);
    }
    console.warn(
      `[faults] Redis restart: ${VIEWERS} viewers of match ${matchId}, ${appliedBefore} deltas before the restart ` +
        `(epoch ${firstEpoch}), Redis down ${downMs} ms and empty after; schedulers back ${schedulersBackMs} ms ` +
        `after, every viewer on the new epoch ${secondEpoch} ${resyncedMs} ms after, ` +
        `${final.seq} deltas in the new epoch to the final whistle (${final.detail.match.score.current.home}-` +
        `${final.detail.match.score.current.away}, ${final.detail.events.length} events); final state = simulator's; ` +
        `failed subscribes retried ${viewers.reduce((n, v) => n + v.failedSubscribes, 0)}`,
    );
  });
});

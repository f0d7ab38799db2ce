import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { MatchDeltaSchema } from '@pitchside/shared/domain';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { diffMatch } from '../src/pipeline/match-diff.ts';
import { INGEST_QUEUE } from '../src/jobs/poll-jobs.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { spawnService, type ServiceProcess } from '@pitchside/test-support/faults/child-process';
import { DetailHold } from '@pitchside/test-support/faults/detail-hold';
import { seedLiveMatches } from '@pitchside/test-support/faults/seed-live-matches';

const INGEST_ENTRY = 'test/faults/ingest-main.ts';
const LOCK_MS = 1500;

/**
 * Issue 7 §4: an ingest worker killed (SIGKILL) in the middle of a job. BullMQ's lock on the job lapses,
 * another worker takes it up again, and the match store's base check makes the retry write only what the
 * dead worker had not: no event twice, no seq skipped, the state the provider's.
 */
describe('an ingest worker killed mid-job', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let holdUp: DetailHold;
  let queue: Queue;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0, rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
    await simulator.listen(0);
    holdUp = new DetailHold(simulator.url!);
    queue = new Queue(INGEST_QUEUE, {
      connection: t.connect({ maxRetriesPerRequest: null }),
      prefix: t.keys.queuePrefix(),
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    await queue?.close();
    await holdUp?.close();
    await simulator?.close();
    await t?.cleanup();
  });

  it('the job is retried by another worker and no event is written twice', async () => {
    // The live list and the fixtures are in, as poll-live and poll-fixtures write them (the workers below run
    // both once at start and, the clock frozen, find nothing new); poll-details then adds lineups and
    // statistics to each live or imminent match.
    const { store, ids } = await seedLiveMatches(t, simulator);
    expect(ids.length).toBeGreaterThanOrEqual(4);

    const apiUrl = await holdUp.listen();
    const held = holdUp.holdNth(3);
    const env = {
      REDIS_URL,
      REDIS_PREFIX: t.prefix,
      GAME_API_BASE_URL: apiUrl,
      POLL_DETAILS_MS: '60000',
      LOCK_MS: String(LOCK_MS),
      SIM_NOW_MS: String(simulator.clock.nowMs()),
    };
    const first = await spawnService(INGEST_ENTRY, env);
    workers.push(first);
    await held;

    // Mid-job: the worker holds the poll-details job and has written details for two live matches of several.
    const [active] = await queue.getActive();
    expect(active?.name).toBe('poll-details');
    const all = await t.redis.zrange(t.keys.matchesByKickoff(), 0, -1);
    const seqs = async () =>
      new Map(await Promise.all(all.map(async (id) => [id, (await store.read(id))!.seq] as const)));
    const atKill = await seqs();
    const writtenBeforeKill = ids.filter((id) => atKill.get(id) === 2);
    expect(writtenBeforeKill).toHaveLength(2);

    const killedAt = Date.now();
    await first.kill();
    holdUp.drop();
    const second = await spawnService(INGEST_ENTRY, env);
    workers.push(second);

    // BullMQ notices the dead worker's lock lapse, hands the same job out again, and it completes.
    await expect
      .poll(async () => (await queue.getJob(active!.id!))?.finishedOn ?? null, {
        timeout: 15_000,
        interval: 100,
      })
      .not.toBeNull();
    const retried = (await queue.getJob(active!.id!))!;
    const recoveredMs = retried.finishedOn! - killedAt;
    expect(retried.failedReason ?? null).toBeNull();
    expect(retried.stalledCounter).toBe(1);

    // The retry wrote once each match the dead worker had not reached, and nothing for the two it had.
    const after = await seqs();
    const increase = all.map((id) => after.get(id)! - atKill.get(id)!);
    expect(Math.max(...increase)).toBe(1);
    expect(increase.reduce((a, b) => a + b, 0)).toBe(retried.returnvalue.written);
    for (const id of writtenBeforeKill) expect(after.get(id)).toBe(2);
    expect(retried.returnvalue.written).toBeGreaterThanOrEqual(ids.length - 2);

    for (const id of all) {
      const stream = await t.redis.xrange(t.keys.matchStream(id), '-', '+');
      const deltas = stream.map(([, fields]) => MatchDeltaSchema.parse(JSON.parse(fields[1]!)));
      expect(deltas.map((d) => d.seq)).toEqual(deltas.map((_, i) => i + 1));
      const added = deltas.flatMap((d) =>
        d.changes.flatMap((c) => (c.type === 'event_added' ? [c.event.id] : [])),
      );
      expect(new Set(added).size).toBe(added.length);
      const eventIds = (await store.read(id))!.detail.events.map((e) => e.id);
      expect(new Set(eventIds).size).toBe(eventIds.length);
    }
    // What Redis holds for every live match is exactly what the provider says now.
    const provider = new ApiFootballProvider({ baseUrl: simulator.url!, timeoutMs: 5000 });
    for (const id of ids) {
      const stored = (await store.read(id))!;
      expect(diffMatch(stored.detail, (await provider.matchDetail(id))!).changes).toEqual([]);
    }
    const events = (
      await Promise.all(ids.map(async (id) => (await store.read(id))!.detail.events.length))
    ).reduce((a, b) => a + b, 0);
    console.warn(
      `[faults] ingest worker SIGKILL mid-job: poll-details over ${retried.returnvalue.fetched} matches ` +
        `(${ids.length} live, ${events} events), 2 written before the kill, job retried once (lock ${LOCK_MS} ms) ` +
        `and completed ${recoveredMs} ms after the kill, writing the other ${retried.returnvalue.written}; ` +
        `events written twice 0, seqs skipped 0`,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { INGEST_QUEUE } from '../src/jobs/poll-jobs.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { spawnService, type ServiceProcess } from '@pitchside/test-support/faults/child-process';
import { DetailHold } from '@pitchside/test-support/faults/detail-hold';
import { seedLiveMatches } from '@pitchside/test-support/faults/seed-live-matches';

/**
 * Issue 7 §3, "ingest workers finish or hand back their jobs": an ingest worker stopped with SIGTERM in the
 * middle of a job (a rollout, a scale-down) does not abandon it: it finishes the job, then exits. Nothing is
 * left for another worker to retry after a lock lapses, nothing is written twice.
 */
describe('an ingest worker stopped with SIGTERM mid-job', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let gate: DetailHold;
  let queue: Queue;
  let worker: ServiceProcess | null = null;

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0, rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
    await simulator.listen(0);
    gate = new DetailHold(simulator.url!);
    queue = new Queue(INGEST_QUEUE, {
      connection: t.connect({ maxRetriesPerRequest: null }),
      prefix: t.keys.queuePrefix(),
    });
  });
  afterAll(async () => {
    await worker?.kill();
    await queue?.close();
    await gate?.close();
    await simulator?.close();
    await t?.cleanup();
  });

  it('finishes the job, then exits', async () => {
    // The live list and fixtures in place, as in faults-worker-killed.test.ts: poll-details has work.
    const { store, ids } = await seedLiveMatches(t, simulator);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const seqs = async () => Promise.all(ids.map(async (id) => (await store.read(id))!.seq));
    const before = await seqs();

    const held = gate.holdNth(2);
    worker = await spawnService('test/faults/ingest-main.ts', {
      REDIS_URL,
      REDIS_PREFIX: t.prefix,
      GAME_API_BASE_URL: await gate.listen(),
      POLL_DETAILS_MS: '60000',
      LOCK_MS: '1500',
      SIM_NOW_MS: String(simulator.clock.nowMs()),
    });
    await held;
    const [active] = await queue.getActive();
    expect(active?.name).toBe('poll-details');

    const termAt = Date.now();
    worker.child.kill('SIGTERM');
    // It waits for its job instead of dropping it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(worker.child.exitCode).toBeNull();
    const openedAt = Date.now();
    gate.answer();
    const code = await worker.exited;
    const exitedMs = Date.now() - termAt;
    worker = null;

    expect(code).toBe(0);
    const job = (await queue.getJob(active!.id!))!;
    expect(job.finishedOn).toBeGreaterThanOrEqual(openedAt);
    expect(job.failedReason ?? null).toBeNull();
    expect(job.stalledCounter).toBe(0); // finished by its own worker, not retried by another
    // Every live match written exactly once by that job.
    const after = await seqs();
    expect(after.map((s, i) => s - before[i]!)).toEqual(ids.map(() => 1));
    console.warn(
      `[faults] ingest worker SIGTERM mid-job: poll-details held on its 2nd of ${job.returnvalue.fetched} matches; ` +
        `the worker waited for it (still running 1 s after SIGTERM), the job completed ${job.finishedOn! - openedAt} ms ` +
        `after the upstream answered, writing ${job.returnvalue.written} (each live match once), and the process ` +
        `exited ${exitedMs} ms after SIGTERM; stalled 0, retried 0`,
    );
  });
});

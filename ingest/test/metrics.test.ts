import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { simulatorProvider } from '../src/providers/create-provider.ts';
import { startIngest, type IngestHandle } from '../src/ingest-worker.ts';
import { createOpsServer } from '../src/ops-server.ts';
import { POLL_JOBS } from '../src/jobs/poll-jobs.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { sample, scrape } from '@pitchside/test-support/faults/prometheus-text';

const silent = pino({ level: 'silent' });

/**
 * What an operator sees on ingest's /metrics while it runs against the simulated game API on real Redis:
 * the numbers must move with what the worker does, not just exist.
 */
describe('ingest metrics and probes', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let ingest: IngestHandle;
  let ops: Server;
  let base: string;
  const metrics = async () => scrape(`${base}/metrics`);

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0, rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
    await simulator.listen(0);
    ingest = await startIngest(
      {
        redis: t.connect(),
        connection: t.connect({ maxRetriesPerRequest: null }),
        keys: t.keys,
        provider: simulatorProvider({
          baseUrl: simulator.url!,
          today: () => simulator.clock.nowMs(),
          timeoutMs: 2000,
          logger: silent,
        }),
        logger: silent,
      },
      {
        intervals: {
          'poll-live': 250,
          'poll-details': 60_000,
          'poll-fixtures': 60_000,
          'poll-standings': 60_000,
          'poll-teams': 60_000,
          'poll-squads': 60_000,
          'poll-news': 60_000,
        },
        now: () => simulator.clock.nowMs(),
        schedulerCheckMs: 1500,
      },
    );
    ops = createOpsServer(ingest);
    await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(ops.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    ops?.close();
    await ingest?.close();
    await simulator?.close();
    await t?.cleanup();
  });

  it('reports poll lag, queue depth and the rate budget, and they move as jobs run', async () => {
    await expect
      .poll(async () => sample(await metrics(), 'ingest_poll_lag_seconds', { job: 'poll-live' }))
      .not.toBeNull();
    const first = await metrics();
    expect(sample(first, 'ingest_poll_lag_seconds', { job: 'poll-live' })).toBeLessThan(2);
    expect(sample(first, 'ingest_schedulers_registered')).toBe(POLL_JOBS.length);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(sample(first, 'ingest_queue_jobs', { queue: 'ingest', state })).not.toBeNull();
    }
    // The simulator reports API-Football's headers: the day's quota, counted down by every call.
    expect(sample(first, 'ingest_rate_budget_limit', { provider: 'api-football', window: 'day' })).toBe(
      1_000_000,
    );
    const dayLeft = sample(first, 'ingest_rate_budget_remaining', {
      provider: 'api-football',
      window: 'day',
    })!;
    expect(dayLeft).toBeLessThan(1_000_000);
    await expect
      .poll(async () =>
        sample(await metrics(), 'ingest_rate_budget_remaining', { provider: 'api-football', window: 'day' }),
      )
      .toBeLessThan(dayLeft - 3);

    // Stop the worker: the lag behind the provider grows, and jobs added meanwhile (an operator's manual
    // polls here) wait. Scheduled polls stay "delayed" until a worker promotes them: lag is what shows them.
    await ingest.worker.pause();
    for (let i = 0; i < 5; i++) await ingest.queue.add('poll-live', {}, { removeOnComplete: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const paused = await metrics();
    expect(sample(paused, 'ingest_poll_lag_seconds', { job: 'poll-live' })).toBeGreaterThan(1.2);
    expect(sample(paused, 'ingest_queue_jobs', { queue: 'ingest', state: 'waiting' })).toBe(5);
    expect(sample(paused, 'ingest_queue_jobs', { queue: 'ingest', state: 'delayed' })).toBeGreaterThanOrEqual(
      1,
    );

    // Back to work: the queue drains and the lag falls back under a poll or two.
    ingest.worker.resume();
    await expect
      .poll(async () => sample(await metrics(), 'ingest_poll_lag_seconds', { job: 'poll-live' }))
      .toBeLessThan(0.8);
    await expect
      .poll(async () => sample(await metrics(), 'ingest_queue_jobs', { queue: 'ingest', state: 'waiting' }))
      .toBe(0);
  });

  it('readiness fails while a scheduler is missing and recovers once ingest puts it back', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    await ingest.queue.removeJobScheduler('poll-news');
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { data: unknown }).data).toMatchObject({
      ready: false,
      redis: true,
      schedulers: POLL_JOBS.length - 1,
    });

    // The scheduler check (every 1.5 s here) registers it again by itself.
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 5000 }).toBe(200);
    expect(await ingest.queue.getJobScheduler('poll-news')).toBeTruthy();
  });

  it('counts upstream errors by code and failed jobs when the provider goes away', async () => {
    const before = await metrics();
    const failedBefore = sample(before, 'ingest_queue_jobs', { queue: 'ingest', state: 'failed' }) ?? 0;
    await simulator.close();
    await expect
      .poll(async () =>
        sample(await metrics(), 'ingest_upstream_errors_total', { code: 'ingest:upstream-network' }),
      )
      .toBeGreaterThanOrEqual(2);
    // Other jobs fail too, so the two errors above need not both be the live poll's: wait for its own.
    await expect
      .poll(async () => sample(await metrics(), 'ingest_jobs_total', { job: 'poll-live', outcome: 'error' }))
      .toBeGreaterThanOrEqual(2);
    const after = await metrics();
    expect(sample(after, 'ingest_queue_jobs', { queue: 'ingest', state: 'failed' })).toBeGreaterThan(
      failedBefore,
    );
    // The live poll stops succeeding: its lag grows past its 250 ms interval.
    await expect
      .poll(async () => sample(await metrics(), 'ingest_poll_lag_seconds', { job: 'poll-live' }))
      .toBeGreaterThan(1);
  });
});

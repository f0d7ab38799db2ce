import { DelayedError, Queue, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { MatchStore } from './pipeline/match-store.ts';
import { ReferenceStore } from './pipeline/reference-store.ts';
import { UpstreamError } from './providers/errors.ts';
import type { GameProvider } from './providers/provider.ts';
import { createIngestMetrics, QUEUE_STATES, type IngestMetrics, type QueueState } from './metrics.ts';
import { createProcessors, type JobSummary } from './jobs/processors.ts';
import {
  INGEST_QUEUE,
  ON_DEMAND_POLL_MS,
  POLL_JOBS,
  REQUEST_CLASS_OF,
  type PollIntervals,
  type PollJob,
} from './jobs/poll-jobs.ts';
import { RequestPlanner, type DeferredError } from './planner/request-planner.ts';
import type { RedisClient } from './redis-client.ts';

export interface IngestOptions {
  intervals: PollIntervals;
  rssUrl?: string;
  competitions?: readonly string[];
  fixtureWindowDays?: number;
  timeoutMs?: number;
  concurrency?: number;
  /** The clock that decides "today" and "kicks off soon": the simulator's when it plays a sped-up day. */
  now?: () => number;
  /**
   * How often ingest checks that its job schedulers are still in Redis (a Redis restarted without persistence,
   * or flushed, loses them and polling would silently stop); default 5 s.
   */
  schedulerCheckMs?: number;
  /**
   * BullMQ's job lock and stalled-job check (defaults 30 s each): a worker that dies mid-job keeps its job
   * locked this long before another worker retries it. Tests shorten them.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** What readiness reports: Redis answers and every poll job has its scheduler. */
export interface IngestReadiness {
  ready: boolean;
  redis: boolean;
  schedulers: number;
  expected: number;
}

export interface IngestDeps {
  /** A connection for our own reads and writes. */
  redis: RedisClient;
  /**
   * BullMQ's connection: redis-client.ts bullConnection() (maxRetriesPerRequest null, REDIS_URL's database
   * kept). The queue uses it, the worker duplicates it for its blocking reads; whoever made it closes it.
   */
  connection: ConnectionOptions;
  keys: RedisKeys;
  provider: GameProvider;
  logger: Logger;
  metrics?: IngestMetrics;
}

/**
 * The ingest worker: BullMQ job schedulers with fixed ids poll the provider; one worker runs them.
 * Returned handles let index.ts close it gracefully and tests drive processors directly.
 */
export async function startIngest(deps: IngestDeps, options: IngestOptions) {
  const metrics = deps.metrics ?? createIngestMetrics();
  const logger = deps.logger.child({ module: 'ingest-worker' });
  const intervals: Record<PollJob, number> = {
    ...options.intervals,
    'poll-on-demand': options.intervals['poll-on-demand'] ?? ON_DEMAND_POLL_MS,
  };
  const planner = new RequestPlanner({
    liveIntervalMs: intervals['poll-live'],
    onAdmit: (c) => metrics.providerCalls.inc({ class: c }),
    onDefer: (c, reason) => metrics.deferredCalls.inc({ class: c, reason }),
  });
  const processors = createProcessors({
    provider: deps.provider,
    matches: new MatchStore(deps.redis, deps.keys),
    reference: new ReferenceStore(deps.redis, deps.keys),
    redis: deps.redis,
    keys: deps.keys,
    metrics,
    logger,
    rssUrl: options.rssUrl,
    competitions: options.competitions ?? [],
    fixtureWindowDays: options.fixtureWindowDays ?? 1,
    timeoutMs: options.timeoutMs ?? 8000,
    ...(options.now ? { now: options.now } : {}),
    planner,
    intervals,
  });

  const prefix = deps.keys.queuePrefix();
  const queue = new Queue(INGEST_QUEUE, { connection: deps.connection, prefix });
  // Without a listener an 'error' event (Redis restarting) would be thrown and end the process.
  queue.on('error', (err) => logger.warn({ err }, 'queue connection error'));
  const schedule = (job: PollJob) =>
    queue.upsertJobScheduler(
      job,
      { every: intervals[job] },
      {
        name: job,
        opts: {
          // When several runs wait for a slot (a slow provider, a backlog after a pause), the live poll goes
          // first, then the others in the planner's order (POLL_JOBS lists them so; 1 is BullMQ's highest).
          priority: POLL_JOBS.indexOf(job) + 1,
          // A live poll is replaced by the next one within seconds; slower polls retry with jittered backoff.
          attempts: job === 'poll-live' ? 1 : 3,
          backoff: { type: 'exponential', delay: 2000, jitter: 0.5 },
          removeOnComplete: 50,
          removeOnFail: 200,
        },
      },
    );
  for (const job of POLL_JOBS) await schedule(job);

  // Schedulers live in Redis. A Redis that restarts without persistence (or is flushed) comes back without
  // them, and BullMQ would wait forever for jobs nobody schedules: put back whichever is missing.
  let checking: Promise<void> | null = null;
  const ensureSchedulers = (): Promise<void> =>
    (checking ??= (async () => {
      try {
        if ((await queue.getJobSchedulersCount()) >= POLL_JOBS.length) return;
        const present = new Set((await queue.getJobSchedulers()).map((s) => s.key));
        const missing = POLL_JOBS.filter((job) => !present.has(job));
        for (const job of missing) await schedule(job);
        if (missing.length > 0)
          logger.warn({ missing }, 'job schedulers were gone from Redis: registered again');
      } catch (err) {
        logger.debug({ err }, 'scheduler check failed (Redis unavailable?)');
      } finally {
        checking = null;
      }
    })());
  const checkTimer = setInterval(() => void ensureSchedulers(), options.schedulerCheckMs ?? 5000);
  checkTimer.unref();
  // Back from a lost connection: check at once rather than at the next tick.
  const onRedisReady = () => void ensureSchedulers();
  deps.redis.on('ready', onRedisReady);

  // On start-up, the window's finished matches that lack their details are wanted (Redis only; poll-details
  // fetches them as the budget allows, and carries on after a restart where this run stopped).
  try {
    const wanted = await processors.backfillDetails();
    if (wanted > 0) logger.info({ wanted }, 'finished matches without their details: backfilling');
  } catch (err) {
    logger.warn(
      { err },
      'details backfill could not be planned (Redis unavailable?): the polls will find them',
    );
  }

  // Runs of one job never overlap: a run that outlasts its interval (a slow provider, a long squad list)
  // would otherwise meet the next one the scheduler hands to another of the worker's slots, and both would
  // fetch the same squads and details. Held by BullMQ job id, so a stalled job taken up again (its worker
  // died) passes; it expires in case the holder died and nothing took its job up. The live poll is left out:
  // one call a run, and a lock left by a dead worker must not hold live scores back.
  const RUN_LOCK_MS = 120_000;
  const exclusive = (name: PollJob) => name !== 'poll-live' && name !== 'poll-news';
  const lockRun = async (name: PollJob, jobId: string): Promise<boolean> => {
    const key = deps.keys.ingestRunning(name);
    if ((await deps.redis.set(key, jobId, 'PX', RUN_LOCK_MS, 'NX')) === 'OK') return true;
    return (await deps.redis.get(key)) === jobId;
  };
  const unlockRun = (name: PollJob, jobId: string) =>
    deps.redis.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      1,
      deps.keys.ingestRunning(name),
      jobId,
    );

  // The planner's state for the operators' page, written at most once a second as jobs end.
  let plannerWrittenAt = 0;
  const publishPlanner = async (): Promise<void> => {
    const at = Date.now();
    if (at - plannerWrittenAt < 1000) return;
    plannerWrittenAt = at;
    await deps.redis.set(deps.keys.ingestPlanner(), JSON.stringify(planner.snapshot()), 'EX', 120);
  };

  const worker = new Worker(
    INGEST_QUEUE,
    async (job, token) => {
      const name = job.name as PollJob;
      const run = processors[name];
      if (!POLL_JOBS.includes(name) || !run) throw new UnrecoverableError(`unknown ingest job ${job.name}`);
      // Every line about this run carries its BullMQ id, so a retried job's attempts read as one story.
      const log = logger.child({ jobId: job.id, job: name, attempt: job.attemptsMade + 1 });
      const jobId = job.id ?? `${name}:${job.timestamp}`;
      if (exclusive(name) && !(await lockRun(name, jobId))) {
        metrics.jobs.inc({ job: name, outcome: 'overlap' });
        log.debug('the previous run is still under way: skipped');
        return { fetched: 0, written: 0, skipped: 'overlap' };
      }
      const stop = metrics.jobDuration.startTimer({ job: name });
      try {
        const requestClass = REQUEST_CLASS_OF[name];
        const { result, calls, deferred } = requestClass
          ? await planner.run(requestClass, run)
          : { result: await run(), calls: 0, deferred: null as DeferredError | null };
        const summary: JobSummary & { calls: number; deferred?: string } = {
          ...(result ?? { fetched: 0, written: 0 }),
          calls,
          ...(deferred && { deferred: deferred.reason }),
        };
        metrics.jobs.inc({ job: name, outcome: deferred ? 'deferred' : 'ok' });
        // A run cut short after some calls did its most important part; one paced by plan ran as planned.
        if (!deferred || calls > 0 || deferred.reason === 'paced') {
          metrics.lastSuccess.set({ job: name }, Date.now() / 1000);
          await deps.redis.hset(deps.keys.ingestHeartbeat(), name, Date.now());
        }
        if (summary.written > 0) log.debug(summary, 'poll wrote changes');
        // Cut short, a job whose next scheduled run is further off than the planner's next opening (tables
        // every few minutes, teams hourly) runs again at that opening: it keeps its place in the order
        // rather than wait an hour. Frequent polls just meet their next run.
        if (deferred && token && deferred.retryAt < Date.now() + intervals[name] - 1000) {
          await job.moveToDelayed(Math.max(deferred.retryAt, Date.now() + 100), token);
          throw new DelayedError();
        }
        return summary;
      } catch (error) {
        if (error instanceof DelayedError) throw error;
        const code = error instanceof UpstreamError ? error.code : 'ingest:internal';
        metrics.jobs.inc({ job: name, outcome: 'error' });
        metrics.upstreamErrors.inc({ code });
        log.warn({ code, err: error }, 'poll rejected');
        const wait = error instanceof UpstreamError ? error.details.retryAfterMs : undefined;
        if (wait && name !== 'poll-news') {
          // The provider asked us to wait: pause the whole queue, every poll shares its budget.
          await worker.rateLimit(wait);
          throw Worker.RateLimitError();
        }
        // A schema violation or an error envelope will not mend itself by the next attempt: the job ends
        // now (issue 15 §5), and its next scheduled run asks afresh.
        if (error instanceof UpstreamError && !error.retryable) {
          throw new UnrecoverableError(`${error.code}: ${error.message}`);
        }
        throw error;
      } finally {
        stop();
        if (exclusive(name)) await unlockRun(name, jobId).catch(() => undefined);
        await publishPlanner().catch(() => undefined);
      }
    },
    {
      connection: deps.connection,
      prefix,
      concurrency: options.concurrency ?? 3,
      ...(options.lockDurationMs !== undefined && { lockDuration: options.lockDurationMs }),
      ...(options.stalledIntervalMs !== undefined && { stalledInterval: options.stalledIntervalMs }),
    },
  );
  worker.on('error', (err) => logger.error({ err }, 'worker error'));
  worker.on('stalled', (jobId) => {
    metrics.stalled.inc();
    logger.warn({ jobId }, 'job stalled (its worker died or hung): handed out again');
  });
  // Closing a worker whose connections are still coming up leaves BullMQ commands failing on a closed
  // connection (unhandled rejections); a started ingest is a ready one.
  await worker.waitUntilReady();

  const schedulerCount = () => queue.getJobSchedulersCount();
  metrics.observe({
    queueName: INGEST_QUEUE,
    jobCounts: async () => {
      const counts = await queue.getJobCounts(...QUEUE_STATES);
      return Object.fromEntries(QUEUE_STATES.map((s) => [s, counts[s] ?? 0])) as Record<QueueState, number>;
    },
    lastSuccess: async () => {
      const raw = await deps.redis.hgetall(deps.keys.ingestHeartbeat());
      return Object.fromEntries(Object.entries(raw).map(([job, at]) => [job, Number(at)]));
    },
    schedulers: schedulerCount,
    budgets: () => deps.provider.rateBudgets?.() ?? [],
  });

  return {
    processors,
    planner,
    metrics,
    queue,
    worker,
    /** Puts back missing job schedulers now (it also runs on a timer and whenever Redis reconnects). */
    ensureSchedulers,
    async readiness(): Promise<IngestReadiness> {
      const expected = POLL_JOBS.length;
      const redis = (await deps.redis.ping().catch(() => null)) === 'PONG';
      const schedulers = redis ? await schedulerCount().catch(() => 0) : 0;
      return { ready: redis && schedulers >= expected, redis, schedulers, expected };
    },
    async close(): Promise<void> {
      clearInterval(checkTimer);
      deps.redis.off('ready', onRedisReady);
      await checking;
      await worker.close();
      await queue.close();
    },
  };
}
export type IngestHandle = Awaited<ReturnType<typeof startIngest>>;

import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { MatchStore } from './pipeline/match-store.ts';
import { ReferenceStore } from './pipeline/reference-store.ts';
import { UpstreamError } from './providers/errors.ts';
import type { GameProvider } from './providers/provider.ts';
import { createIngestMetrics, QUEUE_STATES, type IngestMetrics, type QueueState } from './metrics.ts';
import { createProcessors } from './jobs/processors.ts';
import { INGEST_QUEUE, POLL_JOBS, type PollJob } from './jobs/poll-jobs.ts';
import type { RedisClient } from './redis-client.ts';

export interface IngestOptions {
  intervals: Record<PollJob, number>;
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
  /** BullMQ makes its own connections from these options (they need maxRetriesPerRequest: null). */
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
  });

  const prefix = deps.keys.queuePrefix();
  const queue = new Queue(INGEST_QUEUE, { connection: deps.connection, prefix });
  // Without a listener an 'error' event (Redis restarting) would be thrown and end the process.
  queue.on('error', (err) => logger.warn({ err }, 'queue connection error'));
  const schedule = (job: PollJob) =>
    queue.upsertJobScheduler(
      job,
      { every: options.intervals[job] },
      {
        name: job,
        opts: {
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

  const worker = new Worker(
    INGEST_QUEUE,
    async (job) => {
      const name = job.name as PollJob;
      const run = processors[name];
      if (!run) throw new Error(`unknown ingest job ${job.name}`);
      // Every line about this run carries its BullMQ id, so a retried job's attempts read as one story.
      const log = logger.child({ jobId: job.id, job: name, attempt: job.attemptsMade + 1 });
      const stop = metrics.jobDuration.startTimer({ job: name });
      try {
        const summary = await run();
        metrics.jobs.inc({ job: name, outcome: 'ok' });
        metrics.lastSuccess.set({ job: name }, Date.now() / 1000);
        await deps.redis.hset(deps.keys.ingestHeartbeat(), name, Date.now());
        if (summary.written > 0) log.debug(summary, 'poll wrote changes');
        return summary;
      } catch (error) {
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
        throw error;
      } finally {
        stop();
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

import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { MatchStore } from './pipeline/match-store.ts';
import { ReferenceStore } from './pipeline/reference-store.ts';
import { UpstreamError } from './providers/errors.ts';
import type { GameProvider } from './providers/provider.ts';
import { createIngestMetrics, type IngestMetrics } from './metrics.ts';
import { createProcessors } from './jobs/processors.ts';
import { INGEST_QUEUE, POLL_JOBS, type PollJob } from './jobs/poll-jobs.ts';

export interface IngestOptions {
  intervals: Record<PollJob, number>;
  rssUrl?: string;
  competitions?: readonly string[];
  fixtureWindowDays?: number;
  timeoutMs?: number;
  concurrency?: number;
  /** The clock that decides "today" and "kicks off soon": the simulator's when it plays a sped-up day. */
  now?: () => number;
}

export interface IngestDeps {
  /** A connection for our own reads and writes. */
  redis: Redis;
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
  for (const job of POLL_JOBS) {
    await queue.upsertJobScheduler(
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
  }

  const worker = new Worker(
    INGEST_QUEUE,
    async (job) => {
      const name = job.name as PollJob;
      const run = processors[name];
      if (!run) throw new Error(`unknown ingest job ${job.name}`);
      const stop = metrics.jobDuration.startTimer({ job: name });
      try {
        const summary = await run();
        metrics.jobs.inc({ job: name, outcome: 'ok' });
        metrics.lastSuccess.set({ job: name }, Date.now() / 1000);
        await deps.redis.hset(deps.keys.ingestHeartbeat(), name, Date.now());
        if (summary.written > 0) logger.debug({ job: name, ...summary }, 'poll wrote changes');
        return summary;
      } catch (error) {
        const code = error instanceof UpstreamError ? error.code : 'ingest:internal';
        metrics.jobs.inc({ job: name, outcome: 'error' });
        metrics.upstreamErrors.inc({ code });
        logger.warn({ job: name, code, err: error }, 'poll rejected');
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
    { connection: deps.connection, prefix, concurrency: options.concurrency ?? 3 },
  );
  worker.on('error', (err) => logger.error({ err }, 'worker error'));
  // Closing a worker whose connections are still coming up leaves BullMQ commands failing on a closed
  // connection (unhandled rejections); a started ingest is a ready one.
  await worker.waitUntilReady();

  return {
    processors,
    metrics,
    queue,
    worker,
    async close(): Promise<void> {
      await worker.close();
      await queue.close();
    },
  };
}
export type IngestHandle = Awaited<ReturnType<typeof startIngest>>;

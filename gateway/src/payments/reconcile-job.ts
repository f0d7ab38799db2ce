import { Queue, Worker } from 'bullmq';
import { duplicateRedis, type RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import { QUEUE_NAMES } from '@pitchside/shared/constants';

export const RECONCILE_QUEUE = QUEUE_NAMES.paymentsReconcile;
const SCHEDULER_ID = 'reconcile-orders';

export interface ReconcileJobOptions {
  /** A connection to copy (BullMQ needs its own, with maxRetriesPerRequest null for blocking reads). */
  redis: RedisClient;
  /** BullMQ's key prefix: the deployment's (or the test's) own. */
  prefix: string;
  everyMs: number;
  run: () => Promise<{ checked: number; moved: number }>;
  logger: Logger;
}

/**
 * The reconciliation of orders left waiting on a provider (a lost webhook, a buyer who closed the tab), as a
 * BullMQ job on a queue of its own, run by a worker inside each gateway. A separate process would add a
 * deployable for one query a minute; inside the gateway it shares the gateway's database and provider
 * adapters. The job scheduler has a fixed id, so however many gateways run, each interval produces one job
 * and one worker takes it; a gateway that dies mid-run leaves the job stalled and another takes it up.
 */
export async function startReconcileJob(options: ReconcileJobOptions): Promise<{ close(): Promise<void> }> {
  const connections = [0, 1].map(() => duplicateRedis(options.redis, { maxRetriesPerRequest: null }));
  const [queueConnection, workerConnection] = connections as [RedisClient, RedisClient];
  for (const c of connections)
    c.on('error', (err) => options.logger.debug({ err }, 'reconcile connection error'));
  const queue = new Queue(RECONCILE_QUEUE, { connection: queueConnection, prefix: options.prefix });
  queue.on('error', (err) => options.logger.warn({ err }, 'reconcile queue error'));
  await queue.upsertJobScheduler(
    SCHEDULER_ID,
    { every: options.everyMs },
    { name: SCHEDULER_ID, opts: { attempts: 1, removeOnComplete: 20, removeOnFail: 50 } },
  );
  const worker = new Worker(
    RECONCILE_QUEUE,
    async () => {
      const summary = await options.run();
      if (summary.checked > 0) options.logger.info(summary, 'orders reconciled');
      return summary;
    },
    { connection: workerConnection, prefix: options.prefix, concurrency: 1 },
  );
  worker.on('error', (err) => options.logger.warn({ err }, 'reconcile worker error'));
  worker.on('failed', (_job, err) => options.logger.warn({ err }, 'reconciliation run failed'));
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await queue.close();
      for (const c of connections) c.disconnect();
    },
  };
}

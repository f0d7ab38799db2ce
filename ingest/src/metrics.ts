import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RateBudgetSnapshot } from './providers/rate-budget.ts';
import type { ProviderName } from './providers/provider.ts';

/** The BullMQ job states an operator watches; `getJobCounts` reads them in one round trip. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/**
 * What the gauges read when Prometheus scrapes: live numbers from BullMQ, Redis and the provider's budget,
 * not copies kept up to date on the hot path. Bound by startIngest once the queue exists.
 */
export interface IngestReadings {
  queueName: string;
  jobCounts(): Promise<Record<QueueState, number>>;
  /** When each poll job last succeeded (ms since the epoch), from Redis: shared by every ingest replica. */
  lastSuccess(): Promise<Record<string, number>>;
  schedulers(): Promise<number>;
  budgets(): readonly { provider: ProviderName; budget: RateBudgetSnapshot }[];
  now?: () => number;
}

/** Ingest's metrics, on their own registry so tests and several workers in one process do not collide. */
export function createIngestMetrics() {
  const registry = new Registry();
  let readings: IngestReadings | null = null;
  // A failed Redis read must not fail the whole scrape: the gauge is left empty and `up`-style alerts see it.
  const safely = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch {
      return null;
    }
  };
  return {
    registry,
    /** Points the scrape-time gauges at a running ingest. */
    observe(next: IngestReadings): void {
      readings = next;
    },
    jobs: new Counter({
      name: 'ingest_jobs_total',
      help: 'Poll jobs run, by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'ingest_upstream_errors_total',
      help: 'Upstream payloads rejected whole, by error code',
      labelNames: ['code'] as const,
      registers: [registry],
    }),
    deltas: new Counter({ name: 'ingest_deltas_total', help: 'Match deltas written', registers: [registry] }),
    staleReads: new Counter({
      name: 'ingest_stale_reads_total',
      help: 'Matches a provider read returned after a later read had already written them (not written)',
      registers: [registry],
    }),
    providerCalls: new Counter({
      name: 'ingest_provider_calls_total',
      help: "Calls let through to the game provider, by what they were for (the request planner's class)",
      labelNames: ['class'] as const,
      registers: [registry],
    }),
    deferredCalls: new Counter({
      name: 'ingest_provider_calls_deferred_total',
      help: 'Calls the request planner held back to spend the budget on something more important, by class and reason',
      labelNames: ['class', 'reason'] as const,
      registers: [registry],
    }),
    stalled: new Counter({
      name: 'ingest_jobs_stalled_total',
      help: 'Jobs whose worker died or hung holding them; BullMQ handed them to a worker again',
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'ingest_job_duration_seconds',
      help: 'Time one poll job takes, upstream call included',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    lastSuccess: new Gauge({
      name: 'ingest_last_success_timestamp_seconds',
      help: 'When each poll job last succeeded in this process',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'ingest_queue_jobs',
      help: 'Jobs in the ingest queue by state, read from BullMQ at scrape',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        if (!readings) return;
        const { queueName } = readings;
        const counts = await safely(() => readings!.jobCounts());
        this.reset();
        if (!counts) return;
        for (const state of QUEUE_STATES) this.set({ queue: queueName, state }, counts[state] ?? 0);
      },
    }),
    pollLag: new Gauge({
      name: 'ingest_poll_lag_seconds',
      help: 'Now minus the last successful poll of each job, by any ingest replica: how far behind the provider we are',
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        if (!readings) return;
        const now = (readings.now ?? Date.now)();
        const last = await safely(() => readings!.lastSuccess());
        this.reset();
        for (const [job, at] of Object.entries(last ?? {})) this.set({ job }, Math.max(0, now - at) / 1000);
      },
    }),
    schedulers: new Gauge({
      name: 'ingest_schedulers_registered',
      help: 'Job schedulers registered in Redis (one per poll job when healthy)',
      registers: [registry],
      async collect() {
        if (!readings) return;
        const count = await safely(() => readings!.schedulers());
        if (count !== null) this.set(count);
      },
    }),
    budgetRemaining: new Gauge({
      name: 'ingest_rate_budget_remaining',
      help: "Calls left in the provider's rate window, as its headers last said minus calls since",
      labelNames: ['provider', 'window'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { provider, window, w } of budgetWindows(readings)) {
          this.set({ provider, window }, w.remaining);
        }
      },
    }),
    budgetLimit: new Gauge({
      name: 'ingest_rate_budget_limit',
      help: "The provider's rate window size, where its headers say it",
      labelNames: ['provider', 'window'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { provider, window, w } of budgetWindows(readings)) {
          if (w.limit !== null) this.set({ provider, window }, w.limit);
        }
      },
    }),
    budgetReset: new Gauge({
      name: 'ingest_rate_budget_reset_seconds',
      help: 'Seconds until the rate window starts afresh',
      labelNames: ['provider', 'window'] as const,
      registers: [registry],
      collect() {
        this.reset();
        const now = (readings?.now ?? Date.now)();
        for (const { provider, window, w } of budgetWindows(readings)) {
          this.set({ provider, window }, Math.max(0, w.resetAt - now) / 1000);
        }
      },
    }),
    budgetPaused: new Gauge({
      name: 'ingest_rate_budget_paused_seconds',
      help: 'Seconds left of a pause the provider asked for (429 Retry-After); 0 when calling freely',
      labelNames: ['provider'] as const,
      registers: [registry],
      collect() {
        this.reset();
        const now = (readings?.now ?? Date.now)();
        for (const { provider, budget } of readings?.budgets() ?? []) {
          this.set({ provider }, Math.max(0, (budget.pausedUntil ?? 0) - now) / 1000);
        }
      },
    }),
  };
}
export type IngestMetrics = ReturnType<typeof createIngestMetrics>;

function* budgetWindows(readings: IngestReadings | null) {
  for (const { provider, budget } of readings?.budgets() ?? []) {
    if (budget.minute) yield { provider, window: 'minute', w: budget.minute };
    if (budget.day) yield { provider, window: 'day', w: budget.day };
  }
}

import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Ingest's metrics, on their own registry so tests and several workers in one process do not collide. */
export function createIngestMetrics() {
  const registry = new Registry();
  return {
    registry,
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
    jobDuration: new Histogram({
      name: 'ingest_job_duration_seconds',
      help: 'Time one poll job takes, upstream call included',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    lastSuccess: new Gauge({
      name: 'ingest_last_success_timestamp_seconds',
      help: 'When each poll job last succeeded: now minus this is the ingest lag',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
  };
}
export type IngestMetrics = ReturnType<typeof createIngestMetrics>;

import autocannon, { type Options } from 'autocannon';
import type { LoadResult } from './ssr-latency.ts';

/**
 * The load generator, a process of its own (pinned by the parent to another core than the gateway's):
 * runs autocannon with the options in argv[2] and sends the parent what it measured.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const result = await autocannon(options);
const summary: LoadResult = {
  connections: result.connections,
  durationS: result.duration,
  requests: result.requests.total,
  requestsPerSec: result.requests.average,
  latencyMs: {
    mean: result.latency.mean,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  },
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.send?.(summary, () => process.exit(0));

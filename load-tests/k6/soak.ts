/**
 * Soak: a steady crowd for hours, viewers coming and going, to find what only time finds (memory that grows
 * per connection or per delta, subscriptions never released, a slow leak of event-loop time). A second
 * scenario scrapes the gateway's /metrics every 30 s into k6 gauges, so the run's summary shows the
 * gateway's memory and sockets next to the viewers' figures.
 *
 *   k6 run -e BASE_URL=https://staging.example -e SOAK_VUS=2000 -e SOAK_DURATION=4h load-tests/k6/soak.ts
 *
 * Env: BASE_URL, SOAK_VUS (500), RAMP (2m), SOAK_DURATION (1h), STAY_SECONDS (120: mean stay on a match;
 * stays are exponential, capped at five times the mean), METRICS_URL (BASE_URL/metrics; none = no probe),
 * PROBE_EVERY_S (30), METRICS_TOKEN (the gateway's, when it has one), MAX_RSS_MB (1024), ADDRESSES
 * (lib/config.ts).
 *
 * Viewers k6 ramps down at the end finish their stay (the grace is the longest stay), so a failed session is
 * the product's failure, never the script cutting one off.
 */
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Gauge, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { BASE_URL, duration, num, str } from './lib/config.ts';
import { matchIds, viewerMetrics, watchMatch } from './lib/viewer.ts';

const SOAK_VUS = num('SOAK_VUS', 500);
const SOAK_DURATION = duration('SOAK_DURATION', '1h');
const STAY_SECONDS = num('STAY_SECONDS', 120);
const METRICS_URL = str('METRICS_URL', `${BASE_URL}/metrics`);
const PROBE_EVERY_S = num('PROBE_EVERY_S', 30);
const RAMP = duration('RAMP', '2m');
const LONGEST_STAY_S = STAY_SECONDS * 5;
const GRACE = `${Math.ceil(LONGEST_STAY_S) + 15}s`;

const rss = new Gauge('pitchside_gateway_rss_bytes');
const sockets = new Gauge('pitchside_gateway_sockets');
const loopLag = new Trend('pitchside_gateway_event_loop_lag_ms');

const probing = METRICS_URL !== 'none';

export const options: Options = {
  scenarios: {
    viewers: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: RAMP, target: SOAK_VUS },
        { duration: SOAK_DURATION, target: SOAK_VUS },
        { duration: RAMP, target: 0 },
      ],
      gracefulRampDown: GRACE,
      gracefulStop: GRACE,
    },
    // k6 refuses a scenario of 0 VUs: without a probe there is no probe scenario (nor its thresholds).
    ...(probing
      ? {
          probe: {
            executor: 'constant-vus' as const,
            exec: 'probe',
            vus: 1,
            duration: SOAK_DURATION,
            startTime: RAMP,
          },
        }
      : {}),
  },
  thresholds: {
    pitchside_subscribe_ok: ['rate>0.999'],
    pitchside_delta_latency_ms: ['p(99)<1000'],
    pitchside_seq_gaps: ['count==0'],
    pitchside_seq_duplicates: ['count==0'],
    // Sessions that ended other than by leaving, of all sessions: the budget grows with the run.
    pitchside_session_failed: ['rate<0.001'],
    ...(probing
      ? {
          pitchside_gateway_rss_bytes: [`value<${num('MAX_RSS_MB', 1024) * 1024 * 1024}`],
          pitchside_gateway_event_loop_lag_ms: ['p(95)<100'],
          'checks{name:metrics}': ['rate==1'],
        }
      : {}),
  },
};

export default function (): void {
  const live = matchIds(BASE_URL, '/api/matches/live', 'live');
  const id = live[Math.floor(Math.random() * live.length)];
  if (!id) {
    viewerMetrics.noMatch.add(1);
    sleep(5);
    return;
  }
  // Exponential stays: most viewers glance, a few stay for the whole match.
  watchMatch(BASE_URL, id, Math.min(-Math.log(1 - Math.random()), 5) * STAY_SECONDS * 1000);
}

const sampleOf = (text: string, name: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : null;
};

/** Reads the gateway's own view of itself (prom-client's default metrics and the gateway's gauges). */
export function probe(): void {
  const token = __ENV.METRICS_TOKEN;
  const res = http.get(METRICS_URL, {
    tags: { name: 'metrics' },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const read = check(res, { 'metrics is 200': (r) => r.status === 200 }, { name: 'metrics' });
  if (read && typeof res.body === 'string') {
    const text = res.body;
    const r = sampleOf(text, 'process_resident_memory_bytes');
    const s = sampleOf(text, 'gateway_sockets');
    const lag = sampleOf(text, 'nodejs_eventloop_lag_p99_seconds');
    if (r !== null) rss.add(r);
    if (s !== null) sockets.add(s);
    if (lag !== null) loopLag.add(lag * 1000);
  }
  sleep(PROBE_EVERY_S);
}

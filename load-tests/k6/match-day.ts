/**
 * Match-day spike: viewers pile onto the hot matches within seconds of kick-off while goals flow, each one a
 * Socket.IO client speaking Engine.IO v4 by hand (lib/), subscribing per the shared protocol and checking
 * every delta's seq. Then half-time drift and a second spike.
 *
 *   k6 run load-tests/k6/match-day.ts
 *   k6 run -e BASE_URL=https://staging.example -e PEAK_VUS=20000 -e SPIKE_SECONDS=10 load-tests/k6/match-day.ts
 *
 * Env: BASE_URL, PEAK_VUS (2000), SPIKE_SECONDS (10), FIRST_HALF (5m: each half's plateau), HALF_TIME (1m),
 * DRIFT (30s: how long viewers take to drift away at half-time and at the final whistle),
 * HOLD_SECONDS (300: a viewer's mean stay, 0.5x to 1.5x, before it leaves and, as a new iteration, comes back),
 * HOT_MATCHES (5: viewers spread Zipf-like over the hottest N), ADDRESSES (lib/config.ts).
 *
 * A viewer k6 ramps down (half-time, the final whistle) finishes its stay: the grace is the longest stay, so no
 * session is cut off by the script and every session that fails is the product's failure.
 */
import type { Options } from 'k6/options';
import { sleep } from 'k6';
import { BASE_URL, duration, num } from './lib/config.ts';
import { matchIds, pickHot, viewerMetrics, watchMatch } from './lib/viewer.ts';

const PEAK_VUS = num('PEAK_VUS', 2000);
const SPIKE = `${num('SPIKE_SECONDS', 10)}s`;
const HOLD_SECONDS = num('HOLD_SECONDS', 300);
const HOT_MATCHES = num('HOT_MATCHES', 5);
const FIRST_HALF = duration('FIRST_HALF', '5m');
const HALF_TIME = duration('HALF_TIME', '1m');
const DRIFT = duration('DRIFT', '30s');
const LONGEST_STAY_S = Math.ceil(HOLD_SECONDS * 1.5);
const GRACE = `${LONGEST_STAY_S + 15}s`;
const share = (f: number) => Math.max(1, Math.round(PEAK_VUS * f));

export const options: Options = {
  scenarios: {
    match_day: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: SPIKE, target: PEAK_VUS }, // kick-off: zero to everyone within seconds
        { duration: FIRST_HALF, target: PEAK_VUS },
        { duration: DRIFT, target: share(0.5) }, // half-time: half drift away
        { duration: HALF_TIME, target: share(0.5) },
        { duration: SPIKE, target: PEAK_VUS }, // second half (or a late goal): the second spike
        { duration: FIRST_HALF, target: PEAK_VUS },
        { duration: DRIFT, target: 0 }, // final whistle
      ],
      gracefulRampDown: GRACE,
      gracefulStop: GRACE,
    },
  },
  thresholds: {
    pitchside_subscribe_ok: ['rate>0.99'],
    pitchside_subscribe_ms: ['p(95)<500', 'p(99)<1500'],
    pitchside_socket_connect_ms: ['p(95)<1000'],
    pitchside_delta_latency_ms: ['p(95)<500', 'p(99)<1000'],
    pitchside_seq_gaps: ['count==0'],
    pitchside_seq_duplicates: ['count==0'],
    // Sessions that ended other than by leaving, of all sessions (a fixed count would not grow with the run).
    pitchside_session_failed: ['rate<0.001'],
    'http_req_failed{name:hot}': ['rate<0.01'],
    'http_req_duration{name:hot}': ['p(95)<300'],
  },
};

export default function (): void {
  const id = pickHot(matchIds(BASE_URL, `/api/matches/hot?limit=${HOT_MATCHES}`, 'hot'));
  if (!id) {
    viewerMetrics.noMatch.add(1);
    sleep(5);
    return;
  }
  watchMatch(BASE_URL, id, HOLD_SECONDS * 1000 * (0.5 + Math.random()));
}

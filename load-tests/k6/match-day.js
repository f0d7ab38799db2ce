// Match day against a running gateway: viewers fetch the live list over HTTP, open the Socket.IO
// websocket, subscribe to a live match and hold it, counting deltas, seq gaps and delivery lag,
// through a pre-match build-up, a kick-off spike, half-time and a second spike.
//
//   k6 run load-tests/k6/match-day.js
//   k6 run -e BASE_URL=https://staging.example -e PEAK_VUS=20000 load-tests/k6/match-day.js
//
// Needs k6 >= 1.0 (k6/websockets, k6/timers); on k6 0.5x import WebSocket from
// 'k6/experimental/websockets' instead. See load-tests/README.md.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { setTimeout, clearTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
const PEAK_VUS = Number(__ENV.PEAK_VUS || 10000);
/** How long one viewer stays on a match before leaving (and, as a new iteration, coming back). */
const HOLD_SECONDS = Number(__ENV.HOLD_SECONDS || 120);
/** 1 = the hottest live match for everyone (the fan-out worst case); 0 = spread over all live matches. */
const HOT_MATCH = (__ENV.HOT_MATCH || '1') === '1';

const deltasReceived = new Counter('pitchside_deltas_received');
const seqGaps = new Counter('pitchside_seq_gaps');
const seqDuplicates = new Counter('pitchside_seq_duplicates');
const resets = new Counter('pitchside_epoch_resets');
const subscribeOk = new Rate('pitchside_subscribe_ok');
const subscribeMs = new Trend('pitchside_subscribe_ms', true);
// Publish-to-receive, from the delta's `at` (ingest's clock): only meaningful when k6 and ingest
// share a clock (same host, or NTP-synced hosts; expect a few ms of skew otherwise).
const deltaLagMs = new Trend('pitchside_delta_lag_ms', true);
const socketErrors = new Counter('pitchside_socket_errors');
const noLiveMatch = new Counter('pitchside_no_live_match');

const pct = (f) => Math.max(1, Math.round(PEAK_VUS * f));

export const options = {
  scenarios: {
    match_day: {
      executor: 'ramping-vus',
      startVUs: 0,
      // Viewers arrive before kick-off, pile in at kick-off, drift away at half-time and pile back in.
      stages: [
        { duration: '2m', target: pct(0.2) }, // pre-match build-up
        { duration: '3m', target: pct(0.3) },
        { duration: '30s', target: PEAK_VUS }, // kick-off spike
        { duration: '5m', target: PEAK_VUS }, // first half
        { duration: '1m', target: pct(0.5) }, // half-time
        { duration: '2m', target: pct(0.5) },
        { duration: '30s', target: PEAK_VUS }, // second half (or a late goal): the second spike
        { duration: '5m', target: PEAK_VUS },
        { duration: '1m', target: 0 }, // final whistle
      ],
      gracefulRampDown: '30s',
      gracefulStop: '30s',
    },
  },
  thresholds: {
    pitchside_subscribe_ok: ['rate>0.99'],
    pitchside_subscribe_ms: ['p(95)<500', 'p(99)<1500'],
    pitchside_delta_lag_ms: ['p(95)<500', 'p(99)<1000'],
    pitchside_seq_gaps: ['count==0'],
    pitchside_seq_duplicates: ['count==0'],
    pitchside_socket_errors: ['count<' + pct(0.001)],
    ws_connecting: ['p(95)<1000'],
    'http_req_failed{name:live}': ['rate<0.01'],
    'http_req_duration{name:live}': ['p(95)<300'],
  },
};

export default function () {
  const res = http.get(`${BASE_URL}/api/matches/live`, { tags: { name: 'live' } });
  const live = check(res, { 'live list is 200': (r) => r.status === 200 }) ? res.json('data') || [] : [];
  if (live.length === 0) {
    noLiveMatch.add(1);
    sleep(5);
    return;
  }
  const entry = HOT_MATCH ? live[0] : live[Math.floor(Math.random() * live.length)];
  watch(entry.match.id);
}

/** One viewer on one match, speaking Engine.IO v4 / Socket.IO v5 framing by hand (no client library in k6). */
function watch(matchId) {
  const ws = new WebSocket(WS_URL);
  const openedAt = Date.now();
  let held = null; // { epoch, seq } once subscribed
  let early = []; // deltas that beat the ack (the gateway joins the room before it reads the snapshot)
  let leave = null;

  ws.addEventListener('message', (event) => {
    const text = String(event.data);
    if (text === '2') return ws.send('3'); // Engine.IO ping -> pong
    if (text.startsWith('0')) return ws.send('40'); // Engine.IO open -> connect the main namespace
    if (text.startsWith('40')) {
      return ws.send(`420${JSON.stringify(['match:subscribe', { matchId }])}`);
    }
    if (text.startsWith('430[')) {
      const [ack] = JSON.parse(text.slice(3));
      const ok = !!(ack && ack.data && typeof ack.data.seq === 'number');
      subscribeOk.add(ok);
      subscribeMs.add(Date.now() - openedAt);
      if (!ok) return ws.close();
      held = { epoch: ack.data.epoch, seq: ack.data.seq };
      // The ack's seq already covers its snapshot or its deltas; only what came after it is news.
      for (const d of early) if (d.epoch !== held.epoch || d.seq > held.seq) apply(d);
      early = [];
      leave = setTimeout(() => ws.close(), HOLD_SECONDS * 1000 * (0.5 + Math.random()));
      return;
    }
    if (text.startsWith('42[')) {
      const [name, delta] = JSON.parse(text.slice(2));
      if (name !== 'match:updated') return;
      if (held) apply(delta);
      else early.push(delta);
      return;
    }
    if (text.startsWith('44') || text.startsWith('41') || text === '1') {
      socketErrors.add(1, { reason: text.slice(0, 2) });
      ws.close();
    }
  });
  ws.addEventListener('error', () => {
    socketErrors.add(1, { reason: 'error' });
    if (leave) clearTimeout(leave);
  });
  ws.addEventListener('close', () => {
    if (leave) clearTimeout(leave);
  });

  function apply(delta) {
    deltasReceived.add(1);
    if (typeof delta.at === 'number') deltaLagMs.add(Date.now() - delta.at);
    if (delta.epoch !== held.epoch) {
      // A restarted history: a real client would resubscribe; count it and follow the new epoch.
      resets.add(1);
      held = { epoch: delta.epoch, seq: delta.seq };
      return;
    }
    if (delta.seq <= held.seq) seqDuplicates.add(1);
    else {
      if (delta.seq > held.seq + 1) seqGaps.add(delta.seq - held.seq - 1);
      held.seq = delta.seq;
    }
  }
}

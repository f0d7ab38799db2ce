import http from 'k6/http';
import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { clearTimeout, setTimeout } from 'k6/timers';
import exec from 'k6/execution';
import { WebSocket } from 'k6/websockets';
import { visitorHeaders } from './config.ts';
import { socketUrl } from './engine-io.ts';
import { MatchTracker, type DeltaHead, type Observation, type SubscribeAck } from './match-tracker.ts';
import { SocketIoSession } from './socket-io-session.ts';

// Metrics are created in the init context (module top level), as k6 requires.
export const viewerMetrics = {
  deltas: new Counter('pitchside_deltas_received'),
  /** Publish (ingest's `at`) to receipt. Needs k6 and ingest on synchronised clocks (same host or NTP). */
  latency: new Trend('pitchside_delta_latency_ms', true),
  gaps: new Counter('pitchside_seq_gaps'),
  duplicates: new Counter('pitchside_seq_duplicates'),
  redundant: new Counter('pitchside_seq_redundant'),
  resets: new Counter('pitchside_epoch_resets'),
  subscribeOk: new Rate('pitchside_subscribe_ok'),
  subscribeMs: new Trend('pitchside_subscribe_ms', true),
  connectMs: new Trend('pitchside_socket_connect_ms', true),
  socketErrors: new Counter('pitchside_socket_errors'),
  /** Per session: 1 when it ended other than by the viewer leaving (its budget is a share of sessions). */
  sessionFailed: new Rate('pitchside_session_failed'),
  noMatch: new Counter('pitchside_no_match_to_watch'),
};

/** Entries of /api/matches/hot or /api/matches/live: `{ data: [{ match: { id } }] }`. */
export function matchIds(baseUrl: string, path: string, tag: string): string[] {
  const res = http.get(`${baseUrl}${path}`, {
    tags: { name: tag },
    headers: visitorHeaders(exec.vu.idInTest),
  });
  if (!check(res, { [`${tag} is 200`]: (r) => r.status === 200 })) return [];
  const data = res.json('data') as { match?: { id?: string } }[] | null;
  return (data ?? []).flatMap((e) => (e.match?.id ? [e.match.id] : []));
}

/** Hot matches get most viewers: the i-th hottest is picked with weight 1/(i+1) (Zipf, s = 1). */
export function pickHot(ids: readonly string[]): string | undefined {
  if (ids.length === 0) return undefined;
  const weights = ids.map((_, i) => 1 / (i + 1));
  let r = Math.random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < ids.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return ids[i];
  }
  return ids[ids.length - 1];
}

function record(observation: Observation | null): void {
  const m = viewerMetrics;
  if (!observation) return;
  switch (observation.kind) {
    case 'applied':
      m.deltas.add(1);
      if (!Number.isNaN(observation.latencyMs)) m.latency.add(observation.latencyMs);
      return;
    case 'duplicate':
      m.duplicates.add(1);
      return;
    case 'redundant':
      m.redundant.add(1);
      return;
    case 'gap':
      m.gaps.add(Math.max(1, observation.missing));
      return;
    case 'reset':
      m.resets.add(1);
  }
}

/**
 * One viewer on one match for `holdMs` after its subscribe is answered: opens the socket (with its VU's own
 * address, lib/config.ts), subscribes, applies deltas, resubscribes with its
 * position after a gap or an epoch change (as the website does), answers pings, and leaves. The VU's
 * iteration ends when the socket closes (k6 keeps the event loop running until then).
 */
export function watchMatch(baseUrl: string, matchId: string, holdMs: number): void {
  const m = viewerMetrics;
  const openedAt = Date.now();
  // Each VU is one fan with one address (k6 counts VUs from 1).
  const ws = new WebSocket(socketUrl(baseUrl), null, { headers: visitorHeaders(exec.vu.idInTest) });
  const tracker = new MatchTracker(matchId);
  let leave: ReturnType<typeof setTimeout> | null = null;
  let refused = false;

  const subscribe = () => {
    tracker.subscribing();
    const sentAt = Date.now();
    session.emit('match:subscribe', tracker.request(), (ack) => {
      const { observations, error } = tracker.acknowledged(ack as SubscribeAck);
      m.subscribeOk.add(error === null);
      m.subscribeMs.add(Date.now() - sentAt);
      if (error !== null) {
        m.socketErrors.add(1, { reason: error });
        refused = true;
        session.close();
        return;
      }
      for (const o of observations) record(o);
      // The stay counts from the first answer: a viewer never leaves with its subscribe unanswered.
      if (leave === null) leave = setTimeout(() => session.close(), holdMs);
      if (tracker.needsResubscribe) subscribe();
    });
  };

  const session = new SocketIoSession(ws, {
    onConnect() {
      m.connectMs.add(Date.now() - openedAt);
      subscribe();
    },
    onEvent(name, args) {
      if (name !== 'match:updated') return;
      record(tracker.receive(args[0] as DeltaHead));
      if (tracker.needsResubscribe) subscribe();
    },
    onClose(reason) {
      if (leave !== null) clearTimeout(leave);
      if (reason !== 'client close') m.socketErrors.add(1, { reason });
      m.sessionFailed.add(refused || reason !== 'client close');
    },
  });
}

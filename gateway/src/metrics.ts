import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Matches labelled one by one in `gateway_match_viewers`; the rest are summed under `match="other"`. */
export const TOP_MATCHES = 20;

export interface GatewayReadings {
  sockets: () => number;
  matchesWatched: () => number;
  /** Viewers per watched match on this gateway (MatchFanout.viewerCounts); optional so older wiring still builds. */
  viewersByMatch?: () => Iterable<readonly [matchId: string, viewers: number]>;
}

/**
 * The gateway's metrics on their own registry (several apps can live in one test process). Gauges read their
 * value when scraped, so a connection costs the metrics nothing. The default metrics include the event-loop
 * lag (`nodejs_eventloop_lag_seconds`, and its percentiles `nodejs_eventloop_lag_p50_seconds`...): a fan-out
 * stuck behind a long task shows there first.
 */
export function createGatewayMetrics(read: GatewayReadings) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return {
    registry,
    sockets: new Gauge({
      name: 'gateway_sockets',
      help: 'Open Socket.IO connections',
      registers: [registry],
      collect() {
        this.set(read.sockets());
      },
    }),
    matchesWatched: new Gauge({
      name: 'gateway_matches_watched',
      help: 'Matches with at least one viewer on this gateway',
      registers: [registry],
      collect() {
        this.set(read.matchesWatched());
      },
    }),
    /**
     * Subscriptions per match with a bounded label set: a match day has hundreds of matches and a label per
     * match would grow every series store without limit, so the hottest TOP_MATCHES are labelled and the
     * others summed. Summed over gateways (`sum by (match)`) it is the viewers of each hot match.
     */
    matchViewers: new Gauge({
      name: 'gateway_match_viewers',
      help: `Viewers subscribed per match on this gateway: the ${TOP_MATCHES} most watched by id, the rest as match="other"`,
      labelNames: ['match'] as const,
      registers: [registry],
      collect() {
        this.reset();
        if (!read.viewersByMatch) return;
        const { top, other } = topMatches(read.viewersByMatch(), TOP_MATCHES);
        for (const [match, viewers] of top) this.set({ match }, viewers);
        this.set({ match: 'other' }, other);
      },
    }),
    deltas: new Counter({
      name: 'gateway_deltas_received_total',
      help: 'Match deltas received from Redis pub/sub for matches watched here (each is encoded once)',
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'gateway_deliveries_total',
      help: 'Match deltas written to viewers',
      registers: [registry],
    }),
    socketsRefused: new Counter({
      name: 'gateway_sockets_refused_total',
      help: 'Socket handshakes refused by the per-address limits (socket/address-gate.ts), by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'gateway_http_request_duration_seconds',
      help: 'HTTP requests (REST, pages, assets) from arrival to the last byte handed to the kernel',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;

/** The `n` largest counts (ties by id, so a scrape is stable) and the sum of the others. */
export function topMatches(
  counts: Iterable<readonly [string, number]>,
  n: number,
): { top: [string, number][]; other: number } {
  const all = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = all.slice(0, n).map(([id, v]) => [id, v] as [string, number]);
  const other = all.slice(n).reduce((sum, [, v]) => sum + v, 0);
  return { top, other };
}

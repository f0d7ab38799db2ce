import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The gateway's metrics on their own registry (several apps can live in one test process). Gauges read their
 * value when scraped, so a connection costs the metrics nothing.
 */
export function createGatewayMetrics(read: { sockets: () => number; matchesWatched: () => number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
    deliveries: new Counter({
      name: 'gateway_deliveries_total',
      help: 'Match deltas written to viewers',
      registers: [registry],
    }),
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;

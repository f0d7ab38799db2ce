import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { EVENTS } from '@pitchside/shared/protocol';
import type { PitchsideServer } from './socket-server.ts';

export interface DrainOptions {
  /**
   * Viewers are sent away in batches spread over this window, not all at once: every one of them reconnects
   * to the other gateways and resubscribes, and ten thousand handshakes in the same millisecond would be a
   * spike of their own (the web client adds up to a second of jitter on top, live-connection.ts).
   */
  spreadMs?: number;
  /** Whatever is still connected this long after the drain began is closed, so a stop is bounded. */
  timeoutMs?: number;
}

export interface DrainReport {
  /** Connections open when the drain began. */
  sockets: number;
  /** Connections still open at the deadline, closed by force. */
  forced: number;
  tookMs: number;
}

export const DEFAULT_DRAIN_SPREAD_MS = 5_000;
export const DEFAULT_DRAIN_TIMEOUT_MS = 15_000;
const BATCH_EVERY_MS = 100;

/**
 * Graceful shutdown of one gateway (issue 7 §3). On `drain()`:
 * 1. it stops accepting: the listening socket closes (the balancer's next connection goes to another gateway),
 *    idle keep-alive connections are closed, and an Engine.IO handshake that still reaches it on a kept-alive
 *    connection is refused; `draining` turns true, so readiness (rest/ops-routes.ts) answers 503;
 * 2. it tells every viewer, with `server:draining`, then closes their connections in batches over `spreadMs`
 *    with a server disconnect. The client's own reconnect path (reconnect, resubscribe with `{epoch, seq}`,
 *    receive the missed deltas from the match's stream) moves them to another gateway without a gap;
 * 3. it resolves once every connection is gone, or at `timeoutMs`, having closed the rest.
 * The caller then closes the app and its connections and exits.
 */
export class GatewayDrain {
  private started: Promise<DrainReport> | null = null;

  constructor(
    private readonly target: { httpServer: HttpServer; io: PitchsideServer },
    private readonly logger: Logger,
  ) {
    // Engine.IO reads `allowRequest` on each handshake: wrap the one socket-server.ts set (origin check).
    const engineOpts = target.io.engine.opts;
    const previous = engineOpts.allowRequest;
    engineOpts.allowRequest = (req, callback) => {
      if (this.draining) return callback('server:draining', false);
      if (previous) return previous(req, callback);
      callback(null, true);
    };
  }

  get draining(): boolean {
    return this.started !== null;
  }

  /** Starts the drain (once; later calls get the same promise). */
  drain(options: DrainOptions = {}): Promise<DrainReport> {
    this.started ??= this.run(
      options.spreadMs ?? DEFAULT_DRAIN_SPREAD_MS,
      options.timeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS,
    );
    return this.started;
  }

  private async run(spreadMs: number, timeoutMs: number): Promise<DrainReport> {
    const began = Date.now();
    const { httpServer, io } = this.target;
    // Stops listening and (Node >= 19) closes idle keep-alive connections; the callback would wait for the
    // upgraded ones, which we close ourselves below.
    if (httpServer.listening) httpServer.close();
    const sockets = [...io.of('/').sockets.values()];
    this.logger.info({ sockets: sockets.length, spreadMs, timeoutMs }, 'draining: sending viewers elsewhere');
    io.emit(EVENTS.serverDraining, { withinMs: spreadMs });

    const batches = Math.max(1, Math.floor(spreadMs / BATCH_EVERY_MS));
    const perBatch = Math.ceil(sockets.length / batches);
    for (let i = 0; i < sockets.length; i += perBatch) {
      if (i > 0) await sleep(BATCH_EVERY_MS);
      for (const socket of sockets.slice(i, i + perBatch)) socket.disconnect(true);
    }

    const deadline = began + timeoutMs;
    while (io.engine.clientsCount > 0 && Date.now() < deadline) await sleep(50);
    const forced = io.engine.clientsCount;
    // Connections that opened before the listener closed but had not joined the namespace yet, or clients
    // that do not close their end: closing the engine ends them all.
    if (forced > 0) io.engine.close();
    const report = { sockets: sockets.length, forced, tookMs: Date.now() - began };
    this.logger.info(report, 'drained');
    return report;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Router } from 'express';
import { duplicateRedis, type RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import { QUEUE_NAMES } from '@pitchside/shared/constants';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { DEFAULT_ISSUER, type AuthOptions } from '../auth/auth-options.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { MatchFanout } from '../socket/match-fanout.ts';
import type { PitchsideServer } from '../socket/socket-server.ts';
import { attachAdminNamespace, type AdminGate, type AdminNamespaceOptions } from './admin-namespace.ts';
import { BOARD_PATH, boardRoutes, boardSessionRoutes } from './board-routes.ts';
import { BoardSessionTokens } from './board-session.ts';
import { OpsSampler } from './ops-sampler.ts';
import { ViewerCensus } from './viewer-census.ts';

export interface OpsOptions extends AdminNamespaceOptions {
  /** Lifetime of the queue board's session cookie, seconds; default 600. */
  boardSessionTtlS?: number;
  /** How long a gateway's viewer report counts in the sum over gateways, ms; default 5000. */
  viewerReportTtlMs?: number;
}

export interface OpsDeps {
  redis: RedisClient;
  keys: RedisKeys;
  gate: AdminGate;
  matches: MatchReads;
  logger: Logger;
  /** The site's public origin (PUBLIC_BASE_URL): the board's cookie is Secure and its POSTs same-origin by it. */
  publicBaseUrl?: string | undefined;
}

/**
 * The operators' side of the gateway (issue 7): the queue board and its session route (Express, mounted
 * before the API's 404), then, once the socket server exists, the admin namespace that feeds the dashboard.
 * The queues are BullMQ's ingest and reconciliation queues under the deployment's prefix, counted and shown
 * through a connection of their own.
 */
export async function createOps(
  deps: OpsDeps,
  /** The board session's key is derived from the same AUTH_SECRET as the tokens, and names the same issuer. */
  auth: Pick<AuthOptions, 'secret' | 'issuer'>,
  options: OpsOptions = {},
) {
  const log = deps.logger.child({ module: 'ops' });
  const connection = duplicateRedis(deps.redis);
  connection.on('error', (err) => log.debug({ err }, 'ops connection error'));
  const queues = [QUEUE_NAMES.ingest, QUEUE_NAMES.paymentsReconcile].map((name) => {
    const queue = new Queue(name, { connection, prefix: deps.keys.queuePrefix() });
    queue.on('error', (err) => log.debug({ err, queue: name }, 'ops queue error'));
    return queue;
  });
  // BullMQ checks the server's version as a queue connects; a queue closed before that answer came would
  // raise it as an unhandled rejection (its listeners are gone by then), so the gateway starts with them ready.
  await Promise.all(queues.map((queue) => queue.waitUntilReady()));
  const tokens = new BoardSessionTokens(
    auth.secret,
    auth.issuer ?? DEFAULT_ISSUER,
    options.boardSessionTtlS ?? 600,
  );

  const router = Router();
  router.use('/api/admin/ops', boardSessionRoutes(deps.gate, tokens, deps.publicBaseUrl));
  router.use(BOARD_PATH, boardRoutes({ gate: deps.gate, tokens, queues, publicBaseUrl: deps.publicBaseUrl }));

  let attached: { close(): void; census: ViewerCensus } | null = null;
  return {
    router,
    /** Starts the viewer reports and opens the `/admin` namespace on the gateway's socket server. */
    attach({ io, matchFanout }: { io: PitchsideServer; matchFanout: MatchFanout }): void {
      const intervalMs = options.intervalMs ?? 1000;
      const census = new ViewerCensus(
        deps.redis,
        deps.keys,
        randomUUID(),
        () => matchFanout.viewerCounts(),
        log,
        { ttlMs: options.viewerReportTtlMs ?? Math.max(5000, intervalMs * 5) },
      );
      census.start(intervalMs);
      const sampler = new OpsSampler({
        redis: deps.redis,
        keys: deps.keys,
        queues,
        census,
        matches: deps.matches,
        sockets: () => io.engine.clientsCount,
      });
      const namespace = attachAdminNamespace(io, { gate: deps.gate, sampler, census, logger: log }, options);
      attached = { close: () => namespace.close(), census };
    },
    async close(): Promise<void> {
      attached?.close();
      await attached?.census.stop();
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    },
  };
}

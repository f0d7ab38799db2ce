import { createServer, type Server as HttpServer } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { MatchReads } from './read-model/match-reads.ts';
import { ReferenceReads } from './read-model/reference-reads.ts';
import { errorHandler, notFoundHandler } from './rest/http-errors.ts';
import { matchesRoutes } from './rest/matches-routes.ts';
import { referenceRoutes } from './rest/reference-routes.ts';
import { MatchFanout } from './socket/match-fanout.ts';
import { ScoreboardFanout } from './socket/scoreboard-fanout.ts';
import { attachSocketHandlers, createSocketServer, type PitchsideServer } from './socket/socket-server.ts';
import { createGatewayMetrics } from './metrics.ts';
import { webStatic } from './web-static.ts';

export interface AppDeps {
  /** Commands (reads). */
  redis: Redis;
  /** A second connection, in subscriber mode. */
  subscriber: Redis;
  keys: RedisKeys;
  logger?: Logger;
}

export interface AppOptions {
  /** The built website; without it the gateway serves only /api and the socket. */
  webDist?: string;
  /** Browser origins besides the gateway's own that may open a socket. */
  allowedOrigins?: readonly string[];
}

export interface App {
  httpServer: HttpServer;
  io: PitchsideServer;
  close(): Promise<void>;
}

/**
 * Builds the gateway without listening: index.ts listens on the configured port, tests on port 0.
 * Everything it needs comes in through `deps`, so tests run it against a real Redis under their own prefix.
 */
export async function createApp(deps: AppDeps, options: AppOptions = {}): Promise<App> {
  const logger = deps.logger ?? pino({ name: 'gateway', level: 'silent' });
  const matches = new MatchReads(deps.redis, deps.keys);
  const reference = new ReferenceReads(deps.redis, deps.keys);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'weak');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Crests and photos come from the provider's image host.
          'img-src': ["'self'", 'data:', 'https:', 'http:'],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.get('/api/health', async (_req, res) => {
    const redisUp = (await deps.redis.ping().catch(() => 'down')) === 'PONG';
    res.status(redisUp ? 200 : 503).json({ data: { redis: redisUp ? 'up' : 'down' } });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.use('/api', matchesRoutes(matches), referenceRoutes(reference, matches));
  app.use('/api', notFoundHandler);
  app.use(webStatic(options.webDist));
  app.use(errorHandler(logger.child({ module: 'rest' })));

  // Socket.IO wraps the server's request listener: the Express app must be in place before it attaches.
  const httpServer = createServer(app);
  const io = createSocketServer(httpServer, { allowedOrigins: options.allowedOrigins ?? [], logger });
  const matchFanout = new MatchFanout(
    deps.subscriber,
    deps.keys,
    logger.child({ module: 'match-fanout' }),
    (n) => metrics.deliveries.inc(n),
  );
  const metrics = createGatewayMetrics({
    sockets: () => io.engine.clientsCount,
    matchesWatched: () => matchFanout.matchCount,
  });

  const scoreboardFanout = new ScoreboardFanout(
    io,
    deps.subscriber,
    deps.keys,
    logger.child({ module: 'scoreboard' }),
  );
  attachSocketHandlers({ io, matches, matchFanout, scoreboardFanout, logger });

  return {
    httpServer,
    io,
    async close() {
      // io.close() disconnects every socket and closes the HTTP server with it.
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

import { createServer, type Server as HttpServer } from 'node:http';
import express from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { redisAnswers, redisLost, type RedisClient } from './lib/redis-client.ts';
import { pino, type Logger } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { MatchReads } from './read-model/match-reads.ts';
import { ReferenceReads } from './read-model/reference-reads.ts';
import { ProviderReads } from './read-model/provider-reads.ts';
import { errorHandler, notFoundHandler, redisDown, sendError } from './rest/http-errors.ts';
import { matchesRoutes } from './rest/matches-routes.ts';
import { referenceRoutes } from './rest/reference-routes.ts';
import { MatchFanout } from './socket/match-fanout.ts';
import { ScoreboardFanout } from './socket/scoreboard-fanout.ts';
import type { AddressLimits } from './socket/address-gate.ts';
import { metricsAccess } from './metrics-access.ts';
import { attachSocketHandlers, createSocketServer, type PitchsideServer } from './socket/socket-server.ts';
import { LibraryInternals } from './socket/library-internals.ts';
import { createGatewayMetrics } from './metrics.ts';
import { IngestFreshness } from './read-model/ingest-freshness.ts';
import { httpLatency } from './rest/http-latency.ts';
import { opsRoutes } from './rest/ops-routes.ts';
import { GatewayDrain, type DrainOptions, type DrainReport } from './socket/drain.ts';
import { seoRoutes } from './seo/seo-routes.ts';
import { site } from './web/site.ts';
import { widgetRoutes } from './widget/widget-routes.ts';
import type { Db } from './db/db.ts';
import type { AuthOptions } from './auth/auth-options.ts';
import type { PaymentsOptions } from './payments/mount-payments.ts';
import type { OpsOptions } from './ops/mount-ops.ts';
import { requestId } from './rest/request-id.ts';
import { VIDEO_EMBED_HOSTS } from '@pitchside/shared/content';
import type { Content, ContentOptions } from './content/mount-content.ts';
import { databaseFeatures } from './database-features.ts';
import type { Feature } from './feature.ts';
import { deprecatedRedirects } from './contact/deprecated-redirects.ts';
import { siteContacts, type ContactOptions } from './contact/contact-options.ts';

export interface AppDeps {
  /** Commands (reads). */
  redis: RedisClient;
  /** A second connection, in subscriber mode. */
  subscriber: RedisClient;
  keys: RedisKeys;
  logger?: Logger;
  /**
   * The accounts' database (migrated). With it (and `options.auth`) the gateway serves /api/auth,
   * /api/account and /api/admin; without it those are absent (the fan-out benchmark runs so).
   */
  db?: Db;
}

export interface AppOptions {
  /** The built website (web/dist); without it the gateway serves only /api and the socket. */
  webDist?: string;
  /** Public origin for canonical links and the sitemap; else each request's own. */
  publicBaseUrl?: string;
  /** Deferred third-party scripts of the pages (SPEC 1); off when unset. */
  tagManagerSrc?: string;
  liveChatSrc?: string;
  /** Threads rendering pages off the event loop (web/render-pool.ts); 0: on it. Default: cores - 1, at least 1. */
  renderThreads?: number;
  /** Browser origins besides the gateway's own that may open a socket. */
  allowedOrigins?: readonly string[];
  /** Accounts: the token secret, lifetimes, password policy, mail, and the seam for social sign-in. */
  auth?: AuthOptions;
  /** Express's `trust proxy`, so req.ip (throttling, sessions) is the client's behind a reverse proxy. */
  trustProxy?: boolean | number | string;
  /** Plans, orders, providers, premium streams (with deps.db); the sandbox provider unless turned off. */
  payments?: PaymentsOptions;
  /** The operators' dashboard feed and queue board (with deps.db): sample interval, board session lifetime. */
  ops?: OpsOptions;
  /** Content and the CMS (with deps.db): the demo catalogue under `npm start`. */
  content?: ContentOptions;
  /** The support address and social links the pages show; the contact form's limits (it needs deps.db). */
  contact?: ContactOptions;
  /**
   * The gateway's tweaks of socket.io, engine.io and ws internals that make idle viewers cheap and deltas
   * fast (socket/library-internals.ts); on by default. Off: the libraries' public behaviour and costs.
   */
  libraryInternals?: boolean;
  /** New and open sockets per client address (socket/address-gate.ts, its defaults); false: no limit. */
  socketAddressLimits?: AddressLimits | false;
  /** A bearer token Prometheus must show for /metrics (metrics-access.ts); unset: private addresses only. */
  metricsToken?: string | undefined;
  /** How long a client may take to send its request (DEFAULT_HTTP_TIMEOUTS); tests shorten them. */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/**
 * A client that trickles its request is dropped: headers within 10 s, the whole request within 30 s, an idle
 * keep-alive connection closed after 5 s (Node's default; a proxy that keeps connections to the gateways must
 * drop idle ones sooner, as infra/nginx/pitchside.conf does with 4 s). Node checks the first two every `checkEveryMs`; the defaults
 * (60 s, 300 s, checked every 30 s) held a slowloris connection for minutes. A WebSocket, once upgraded, and a
 * response being streamed are not requests any more: none of these apply to them.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  checkEveryMs: number;
}
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

export interface App {
  httpServer: HttpServer;
  io: PitchsideServer;
  /** Graceful shutdown (socket/drain.ts): stop accepting, send the viewers to other gateways, bounded. */
  drain(options?: DrainOptions): Promise<DrainReport>;
  readonly draining: boolean;
  /** Whether each socket library internals step applied, per connection (socket/library-internals.ts). */
  libraryInternals: LibraryInternals;
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

  // Read when scraped: `io` and `matchFanout` exist by then.
  const metrics = createGatewayMetrics({
    sockets: () => io.engine.clientsCount,
    matchesWatched: () => matchFanout.matchCount,
    viewersByMatch: () => matchFanout.viewerCounts(),
  });

  const app = express();
  app.use(httpLatency(metrics.httpDuration));
  app.use(requestId(logger.child({ module: 'http' })));
  app.disable('x-powered-by');
  app.set('etag', 'weak');
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  const scriptOrigins = [options.tagManagerSrc, options.liveChatSrc].flatMap((src) =>
    src ? [new URL(src).origin] : [],
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Pages carry no inline script (their data travels in JSON blocks): our origin and the configured
          // tag-manager and live-chat hosts only.
          'script-src': ["'self'", ...scriptOrigins],
          // Crests and photos come from the provider's image host.
          'img-src': ["'self'", 'data:', 'https:', 'http:'],
          // hls.js plays through Media Source Extensions (a blob: URL) and may transmux in a blob: worker.
          'media-src': ["'self'", 'blob:'],
          'worker-src': ["'self'", 'blob:'],
          // Highlights and films may be a known video host's player (VIDEO_EMBED_HOSTS), framed.
          'frame-src': ["'self'", ...VIDEO_EMBED_HOSTS.map((host) => `https://${host}`)],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  // Pages kept in the micro-cache are answered here, before the routes are walked (site.ts).
  const website = site({
    webDist: options.webDist,
    publicBaseUrl: options.publicBaseUrl,
    tagManagerSrc: options.tagManagerSrc,
    liveChatSrc: options.liveChatSrc,
    renderThreads: options.renderThreads,
    ...siteContacts(options.contact),
    logger: logger.child({ module: 'site' }),
  });
  app.use(website.keptPages);
  // HTML, JSON and scripts go out compressed (the socket is not Express's and keeps its own framing).
  app.use(compression());
  // `degraded`: the gateway runs, but without Redis it has no live data to give (503, so balancers notice).
  app.get('/api/health', async (_req, res) => {
    const redisUp = await redisAnswers(deps.redis);
    res
      .status(redisUp ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({ data: { status: redisUp ? 'ok' : 'degraded', redis: redisUp ? 'up' : 'down' } });
  });
  app.get('/metrics', metricsAccess(options.metricsToken), async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  // Guides run to 100,000 characters: parsed here, before the accounts' admin router's 16 kB parser.
  app.use('/api/admin/content', express.json({ limit: '512kb' }));
  // The gateway's probes and status answer whatever Redis does; every other API call needs Redis: while the
  // connection is down it answers 503 with Retry-After at once, instead of waiting for the reconnects.
  app.use(
    '/api',
    opsRoutes({
      redis: deps.redis,
      freshness: new IngestFreshness(deps.redis, deps.keys),
      draining: () => drain.draining,
    }),
  );
  app.use('/api', (_req, res, next) => (redisLost(deps.redis) ? sendError(res, redisDown()) : next()));
  const withDatabase = await databaseFeaturesOf(deps, options, matches, logger, () => httpServer);
  const features = withDatabase?.features ?? [];
  const content = withDatabase?.content ?? null;
  for (const feature of features) await feature.mount(app);
  app.use(
    '/api',
    matchesRoutes(matches, Date.now, content ? () => content.hotPins() : undefined),
    referenceRoutes(reference, matches, new ProviderReads(deps.redis, deps.keys)),
  );
  app.use('/api', notFoundHandler);
  app.use(deprecatedRedirects());
  app.use(
    seoRoutes({
      reference,
      matches,
      publicBaseUrl: options.publicBaseUrl,
      guides: content ? () => content.store.guides.publishedLanguages() : undefined,
    }),
  );
  // The live-score widget: /embed/scores is the one page any site may frame (widget-routes.ts lifts
  // helmet's same-origin framing rule there only), /widget.js the host pages' loader.
  app.use(
    widgetRoutes({
      matches,
      reference,
      webDist: options.webDist,
      publicBaseUrl: options.publicBaseUrl,
      logger: logger.child({ module: 'widget' }),
    }),
  );
  app.use(website.router);
  app.use(errorHandler(logger.child({ module: 'rest' })));

  // Socket.IO wraps the server's request listener: the Express app must be in place before it attaches.
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts };
  const httpServer = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    app,
  );
  const internals = new LibraryInternals(
    options.libraryInternals ?? true,
    logger.child({ module: 'library-internals' }),
  );
  const io = createSocketServer(httpServer, {
    allowedOrigins: options.allowedOrigins ?? [],
    logger,
    internals,
    ...(options.socketAddressLimits !== undefined && { addressLimits: options.socketAddressLimits }),
    trustProxy: options.trustProxy,
    onRefused: (reason) => metrics.socketsRefused.inc({ reason }),
  });
  const matchFanout = new MatchFanout(
    deps.subscriber,
    deps.keys,
    logger.child({ module: 'match-fanout' }),
    (n) => {
      metrics.deltas.inc();
      metrics.deliveries.inc(n);
    },
    internals,
  );
  const drain = new GatewayDrain({ httpServer, io }, logger.child({ module: 'drain' }));

  const scoreboardFanout = new ScoreboardFanout(
    io,
    deps.subscriber,
    deps.keys,
    logger.child({ module: 'scoreboard' }),
  );
  for (const feature of features) feature.attach?.({ io, matchFanout });
  attachSocketHandlers({
    io,
    matches,
    matchFanout,
    scoreboardFanout,
    lastContentChange: content ? (topic) => content.hub.lastChange(topic) : undefined,
    logger,
    internals,
  });

  return {
    httpServer,
    io,
    drain: (options) => drain.drain(options),
    get draining() {
      return drain.draining;
    },
    libraryInternals: internals,
    async close() {
      // io.close() disconnects every socket and closes the HTTP server with it.
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const feature of [...features].reverse()) await feature.close();
      await website.close();
    },
  };
}

/** The features served from the database (accounts and what needs them); none without one. */
async function databaseFeaturesOf(
  deps: AppDeps,
  options: AppOptions,
  matches: MatchReads,
  logger: Logger,
  httpServer: () => HttpServer,
): Promise<{ features: Feature[]; content: Content } | null> {
  if (!deps.db) return null;
  if (!options.auth) throw new Error('createApp: deps.db is set but options.auth (the token secret) is not');
  return databaseFeatures(
    {
      db: deps.db,
      auth: options.auth,
      redis: deps.redis,
      subscriber: deps.subscriber,
      keys: deps.keys,
      matches,
      logger,
      publicBaseUrl: options.publicBaseUrl,
      allowedOrigins: options.allowedOrigins,
      httpServer,
    },
    options,
  );
}

import path from 'node:path';
import { pino } from 'pino';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { createApp } from './app.ts';
import { connectRedis, REQUEST_COMMAND_TIMEOUT_MS } from './lib/redis-client.ts';
import { readEnv, readSocialEnv } from './config/env.ts';
import { socialRoutes } from './auth/social/social-routes.ts';
import { authOptionsFromEnv } from './auth/auth-options-from-env.ts';
import { localAuthSecret } from './auth/local-secret.ts';
import { openDb } from './db/open-db.ts';
import { paymentsOptionsFromEnv } from './payments/payments-options-from-env.ts';
import { WEB_DIST_DIR } from './lib/web-package.ts';

const env = readEnv();
const socialProviders = readSocialEnv();
const logger = pino({ name: 'gateway', level: env.LOG_LEVEL });
// A standalone Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES); on a Cluster the subscriber
// holds a shard-channel connection per master for the match deltas (lib/redis-client.ts).
const target = { url: env.REDIS_URL, clusterNodes: env.REDIS_CLUSTER_NODES };
const redis = connectRedis(target, { redisOptions: { commandTimeout: REQUEST_COMMAND_TIMEOUT_MS } });
const subscriber = connectRedis(target, { subscriber: true });
for (const client of [redis, subscriber])
  client.on('error', (err) => logger.warn({ err }, 'redis connection error'));

const db = await openDb({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  logger: logger.child({ module: 'db' }),
});
let secret = env.AUTH_SECRET;
if (!secret) {
  const local = localAuthSecret(env.DATA_DIR);
  secret = local.secret;
  logger.warn(
    { file: path.join(env.DATA_DIR, 'auth-secret'), created: local.created },
    'AUTH_SECRET is not set: tokens are signed with a secret kept in the data folder (set AUTH_SECRET in production)',
  );
}

const webDist = env.WEB_DIST ?? WEB_DIST_DIR;
const app = await createApp(
  { redis, subscriber, keys: redisKeys(env.REDIS_PREFIX), logger, db },
  {
    webDist,
    allowedOrigins: env.ALLOWED_ORIGINS,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    tagManagerSrc: env.TAG_MANAGER_SRC,
    liveChatSrc: env.LIVE_CHAT_SRC,
    renderThreads: env.PAGE_RENDER_THREADS,
    libraryInternals: env.SOCKET_LIBRARY_INTERNALS,
    trustProxy: env.TRUST_PROXY,
    socketAddressLimits: env.SOCKET_ADDRESS_LIMITS,
    metricsToken: env.METRICS_TOKEN,
    payments: paymentsOptionsFromEnv(env),
    ops: { intervalMs: env.OPS_SAMPLE_MS },
    // The embedded simulator streams the demo's TV channels and films: seed them once into an empty catalogue.
    content: { demo: env.streamsFromSimulator },
    contact: {
      supportEmail: env.SUPPORT_EMAIL,
      social: { telegram: env.SOCIAL_TELEGRAM_URL, x: env.SOCIAL_X_URL, facebook: env.SOCIAL_FACEBOOK_URL },
      minFillMs: env.CONTACT_MIN_FILL_MS,
    },
    auth: {
      ...authOptionsFromEnv(env, secret),
      providers: socialProviders.map(({ id, name }) => ({ id, name })),
      routers: [
        (ctx) =>
          socialRoutes({ ...ctx, completeSignIn: ctx.completeSocialSignIn, providers: socialProviders }),
      ],
    },
  },
);
app.httpServer.listen(env.PORT, env.HOST, () => {
  logger.info({ url: `http://${env.HOST}:${env.PORT}` }, 'gateway listening');
});

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'gateway closing');
  // SIGTERM (orchestrator, start:cluster): move viewers to other gateways over 5 s, at most 15 s.
  // Ctrl+C (npm start, one gateway): nobody to move them to, so at once.
  await app.drain(signal === 'SIGTERM' ? {} : { spreadMs: 0, timeoutMs: 1000 });
  await app.close();
  await db.close();
  redis.disconnect();
  subscriber.disconnect();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

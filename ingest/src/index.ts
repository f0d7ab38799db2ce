import { redisKeys } from '@pitchside/shared/redis-keys';
import { readEnv } from './config/env.ts';
import { createLogger } from './logging/logger.ts';
import { createProvider, DEFAULT_SIMULATOR_URL } from './providers/create-provider.ts';
import { startIngest } from './ingest-worker.ts';
import { createOpsServer } from './ops-server.ts';
import { bullConnection, connectRedis } from './redis-client.ts';
import { createSimulatorClock } from './providers/simulator/simulator-clock.ts';

const env = readEnv();
const logger = createLogger(env.LOG_LEVEL);

// The default upstream is the simulated game API (`npm start` runs it beside us): an address like any other,
// whose day runs faster than ours, so its clock says which dates to poll.
const simulatorUrl =
  env.PROVIDER === 'simulator' ? (env.GAME_API_BASE_URL ?? DEFAULT_SIMULATOR_URL) : undefined;
const simulatorClock = simulatorUrl
  ? createSimulatorClock({ baseUrl: simulatorUrl, timeoutMs: env.GAME_API_TIMEOUT_MS, logger })
  : undefined;
if (simulatorClock && (await simulatorClock.sync()))
  logger.info({ url: simulatorUrl }, 'reading the simulated game API');
const now = simulatorClock ? () => simulatorClock.nowMs() : undefined;

// A standalone Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES): see redis-client.ts.
const target = { url: env.REDIS_URL, clusterNodes: env.REDIS_CLUSTER_NODES };
const redis = connectRedis(target);
redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));
const keys = redisKeys(env.REDIS_PREFIX);
// BullMQ's queue and worker share this one (the worker duplicates it to block on), REDIS_URL's database included.
const connection = bullConnection(target);
const ingest = await startIngest(
  {
    redis,
    connection,
    keys,
    provider: createProvider(env, logger, now),
    logger,
  },
  {
    intervals: {
      'poll-live': env.POLL_LIVE_MS,
      'poll-details': env.POLL_DETAILS_MS,
      'poll-fixtures': env.POLL_FIXTURES_MS,
      'poll-standings': env.POLL_STANDINGS_MS,
      'poll-teams': env.POLL_TEAMS_MS,
      'poll-squads': env.POLL_SQUADS_MS,
      'poll-news': env.POLL_NEWS_MS,
      'poll-on-demand': env.POLL_ON_DEMAND_MS,
    },
    rssUrl: env.MATCH_RSS_URL ?? (simulatorUrl ? `${simulatorUrl}/rss/matches.xml` : undefined),
    competitions: env.COMPETITIONS.split(',').filter(Boolean),
    fixtureWindowDays: env.FIXTURE_WINDOW_DAYS,
    timeoutMs: env.GAME_API_TIMEOUT_MS,
    ...(now ? { now } : {}),
  },
);
logger.info({ provider: env.PROVIDER }, 'ingest polling');

// Operators scrape queue depth, poll lag and the rate budget here; orchestrators probe /healthz and /readyz.
const metricsServer = createOpsServer(ingest);
metricsServer.listen(env.METRICS_PORT, env.METRICS_HOST, () =>
  logger.info(
    { url: `http://${env.METRICS_HOST}:${env.METRICS_PORT}` },
    'ingest metrics and probes listening',
  ),
);

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'ingest closing');
  await ingest.close();
  simulatorClock?.close();
  metricsServer.close();
  redis.disconnect();
  // BullMQ leaves a connection it was given open.
  connection.disconnect();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

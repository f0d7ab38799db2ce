/**
 * An ingest worker as its own process for the fault tests (run with `node --import tsx`): the real
 * startIngest polling a game API the test runs (GAME_API_BASE_URL, API-Football format), with short BullMQ
 * locks so a killed worker's job is retried within seconds. Prints `{"ready":true}` once the worker runs.
 *
 * Env: REDIS_URL, REDIS_PREFIX, GAME_API_BASE_URL, POLL_DETAILS_MS, LOCK_MS, SIM_NOW_MS (the simulated
 * instant, since the test's simulator clock is frozen).
 */
import { destination, pino } from 'pino';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { ApiFootballProvider } from '@pitchside/ingest/providers/api-football/api-football-provider';
import { startIngest } from '@pitchside/ingest/ingest-worker';
import { bullConnection, connectRedis } from '@pitchside/ingest/redis-client';

const env = process.env;
const target = { url: env.REDIS_URL ?? 'redis://127.0.0.1:6379', clusterNodes: [] };
const logger = pino({ name: 'ingest', level: 'warn' }, destination(2));
const redis = connectRedis(target);
redis.on('error', (err) => logger.debug({ err }, 'redis error'));
const lock = Number(env.LOCK_MS ?? 1500);
const simNow = Number(env.SIM_NOW_MS ?? Date.now());
const slow = 3_600_000;
const ingest = await startIngest(
  {
    redis,
    connection: bullConnection(target),
    keys: redisKeys(env.REDIS_PREFIX ?? 'ps:'),
    provider: new ApiFootballProvider({ baseUrl: env.GAME_API_BASE_URL!, timeoutMs: 60_000 }),
    logger,
  },
  {
    intervals: {
      'poll-live': slow,
      'poll-details': Number(env.POLL_DETAILS_MS ?? 1000),
      'poll-fixtures': slow,
      'poll-standings': slow,
      'poll-teams': slow,
      'poll-squads': slow,
      'poll-news': slow,
    },
    now: () => simNow,
    concurrency: 1,
    lockDurationMs: lock,
    stalledIntervalMs: Math.max(200, lock / 3),
  },
);
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.on('SIGTERM', () => void ingest.close().then(() => process.exit(0)));

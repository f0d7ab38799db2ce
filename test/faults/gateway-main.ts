/**
 * A gateway as its own process for the fault tests (run with `node --import tsx`): the real createApp on
 * real ioredis connections made as gateway/src/index.ts makes them, API and socket only (no website, so
 * two of them start in seconds on a busy machine). Prints `{"ready":true,"port":N}` once listening.
 *
 * On SIGTERM it drains as gateway/src/index.ts should (gateway/src/socket/drain.ts: stop accepting, send the
 * viewers elsewhere over DRAIN_SPREAD_MS, at most DRAIN_TIMEOUT_MS), prints `{"drained":{...}}`, then exits.
 *
 * On SIGUSR2 it collects garbage (fully) and prints `{"memory":{"rss":N,"heapUsed":N}}`, so a test can compare
 * the memory it keeps before and after an ordeal.
 *
 * Env: REDIS_URL, REDIS_CLUSTER_NODES (`host:port,...`: a Redis Cluster instead), REDIS_PREFIX, PORT (0 = any),
 * DRAIN_SPREAD_MS, DRAIN_TIMEOUT_MS.
 */
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { destination, pino } from 'pino';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { createApp } from '@pitchside/gateway/app';
import { GatewayDrain } from '@pitchside/gateway/socket/drain';
import { connectRedis, REQUEST_COMMAND_TIMEOUT_MS } from '@pitchside/gateway/lib/redis-client';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ name: 'gateway', level: 'warn' }, destination(2));
const clusterNodes = (process.env.REDIS_CLUSTER_NODES ?? '')
  .split(',')
  .filter(Boolean)
  .map((node) => ({
    host: node.slice(0, node.lastIndexOf(':')),
    port: Number(node.slice(node.lastIndexOf(':') + 1)),
  }));
const redis = connectRedis(
  { url, clusterNodes },
  { redisOptions: { commandTimeout: REQUEST_COMMAND_TIMEOUT_MS } },
);
const subscriber = connectRedis({ url, clusterNodes }, { subscriber: true });
for (const client of [redis, subscriber]) client.on('error', (err) => logger.debug({ err }, 'redis error'));

const app = await createApp({
  redis,
  subscriber,
  keys: redisKeys(process.env.REDIS_PREFIX ?? 'ps:'),
  logger,
});
app.httpServer.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = app.httpServer.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);
});
// `gc` without starting node with --expose-gc: the flag set at run time applies to a new context.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
process.on('SIGUSR2', () => {
  for (let i = 0; i < 3; i++) gc();
  const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ memory: { rss, heapUsed } })}\n`);
});

const drain = new GatewayDrain(app, logger);
process.on('SIGTERM', () => {
  if (drain.draining) return;
  void drain
    .drain({
      spreadMs: Number(process.env.DRAIN_SPREAD_MS ?? 1000),
      timeoutMs: Number(process.env.DRAIN_TIMEOUT_MS ?? 5000),
    })
    .then(async (report) => {
      process.stdout.write(`${JSON.stringify({ drained: report })}\n`);
      await app.close();
      redis.disconnect();
      subscriber.disconnect();
      process.exit(0);
    });
});

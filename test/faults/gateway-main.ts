/**
 * A gateway as its own process for the fault tests (run with `node --import tsx`): the real createApp on
 * real ioredis connections made as gateway/src/index.ts makes them, API and socket only (no website, so
 * two of them start in seconds on a busy machine). Prints `{"ready":true,"port":N}` once listening.
 *
 * Env: REDIS_URL, REDIS_PREFIX, PORT (0 = any).
 */
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { destination, pino } from 'pino';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { createApp } from '../../gateway/src/app.ts';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ name: 'gateway', level: 'warn' }, destination(2));
const redis = new Redis(url);
const subscriber = new Redis(url);
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
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

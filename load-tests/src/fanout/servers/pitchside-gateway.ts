import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '@pitchside/gateway/app';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { connectRedis, fail, runServer } from './harness.ts';

/**
 * (c): the real gateway, built through its test seam `createApp` exactly as gateway/src/index.ts
 * builds it, minus the config: real ioredis clients on the benchmark's key prefix, a logger at
 * `warn` so 10,000 connection lines do not end up in the measurement.
 */
runServer(async (config) => {
  const keys = redisKeys(config.prefix);
  const redis = connectRedis(config.redisUrl, 'bench-gateway');
  const subscriber = connectRedis(config.redisUrl, 'bench-gateway-sub');
  const logger = pino({ level: 'warn', base: { service: 'gateway', bench: 'fanout' } });
  const app = await createApp(
    { redis, subscriber, keys, logger },
    config.trustProxy ? { trustProxy: config.trustProxy } : {},
  );

  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = app.httpServer.address() as AddressInfo;
  return {
    port,
    async close() {
      await app.close();
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}).catch(fail);

import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { createApp } from './app.ts';
import { readEnv } from './config/env.ts';

const env = readEnv();
const logger = pino({ name: 'gateway', level: env.LOG_LEVEL });
const redis = new Redis(env.REDIS_URL);
const subscriber = new Redis(env.REDIS_URL);
for (const client of [redis, subscriber])
  client.on('error', (err) => logger.warn({ err }, 'redis connection error'));

const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await createApp(
  { redis, subscriber, keys: redisKeys(env.REDIS_PREFIX), logger },
  {
    webDist,
    allowedOrigins: env.ALLOWED_ORIGINS,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    tagManagerSrc: env.TAG_MANAGER_SRC,
    liveChatSrc: env.LIVE_CHAT_SRC,
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
  await app.close();
  redis.disconnect();
  subscriber.disconnect();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

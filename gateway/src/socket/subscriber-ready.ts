import type { RedisClient } from '../lib/redis-client.ts';

const waiting = new WeakMap<RedisClient, Promise<void>>();

/**
 * Resolves once the subscriber connection is ready. Since 5.8.2 ioredis writes a SUBSCRIBE issued while it
 * is still connecting in the middle of its handshake, before the ready check's INFO; the connection is then
 * in subscriber mode, INFO fails ("only (P|S)SUBSCRIBE ... allowed in this context"), ioredis reconnects and
 * does not subscribe again, while the caller was told the subscription succeeded
 * (https://github.com/redis/ioredis/issues/2037). A gateway that receives viewers in its first milliseconds
 * (a restart, viewers failing over from another gateway) would silently never deliver that match. Waiting
 * for `ready` keeps SUBSCRIBE out of the handshake whatever options the connection was made with; during a
 * reconnection commands waited in ioredis's offline queue until `ready` anyway.
 */
export function subscriberReady(redis: RedisClient): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  let ready = waiting.get(redis);
  if (!ready) {
    ready = new Promise<void>((resolve) =>
      redis.once('ready', () => {
        waiting.delete(redis);
        resolve();
      }),
    );
    waiting.set(redis, ready);
  }
  return ready;
}

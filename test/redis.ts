import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisKeys, type RedisKeys } from '@pitchside/shared/redis-keys';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis connection and a key prefix of the test's own, so test files run in parallel on one Redis. */
export interface TestRedis {
  redis: Redis;
  keys: RedisKeys;
  prefix: string;
  /** A new connection (for subscribers, BullMQ, a second gateway); closed by cleanup(). */
  connect(options?: { maxRetriesPerRequest?: number | null }): Redis;
  /** Deletes every key under the prefix: what FLUSHALL would do to this test's world. */
  flush(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function testRedis(): Promise<TestRedis> {
  const prefix = `test-${randomUUID()}:`;
  const connections: Redis[] = [];
  const connect = (options: { maxRetriesPerRequest?: number | null } = {}) => {
    const client = new Redis(REDIS_URL, { lazyConnect: false, ...options });
    connections.push(client);
    return client;
  };
  const redis = connect();
  const flush = async () => {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (found.length > 0) await redis.unlink(...found);
    } while (cursor !== '0');
  };
  return {
    redis,
    keys: redisKeys(prefix),
    prefix,
    connect,
    flush,
    async cleanup() {
      await flush();
      await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

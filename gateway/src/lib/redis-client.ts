import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { clusterNodeOptions, redisConnectionOptions } from '@pitchside/shared/redis-url';

/**
 * The gateway's Redis: one standalone server (REDIS_URL, the default) or a Redis Cluster
 * (REDIS_CLUSTER_NODES). Code that only reads and writes keys takes either; what differs on a Cluster
 * (a MULTI, pipeline or script must keep to one slot, per-match delta channels are shard channels) is
 * asked with isCluster().
 *
 * Every connection the gateway opens comes from connectRedis() or is a duplicateRedis() of one (the
 * subscriber, the operators' BullMQ queues, the payments' reconcile job), so each keeps every part of
 * REDIS_URL (database index, user, password, TLS: shared/src/redis/redis-url.ts), and two deployments on
 * one Redis under different database indexes never see each other's keys or queues.
 */
export type RedisClient = Redis | Cluster;

export const isCluster = (client: RedisClient): client is Cluster => client.isCluster;

export interface RedisTarget {
  url: string;
  /** `host:port` of some Cluster nodes (any, ioredis discovers the rest); empty for a standalone Redis. */
  clusterNodes: readonly { host: string; port: number }[];
}

/**
 * A connection as the gateway makes them. `subscriber: true` on a Cluster turns on ioredis's sharded
 * subscribers (one SSUBSCRIBE connection per master, following slot moves); classic SUBSCRIBE keeps using
 * one node of the Cluster, where a classic PUBLISH from any node arrives.
 */
export function connectRedis(
  target: RedisTarget,
  options: { subscriber?: boolean; redisOptions?: RedisOptions } = {},
): RedisClient {
  if (target.clusterNodes.length === 0)
    return new Redis({ ...redisConnectionOptions(target.url), ...options.redisOptions });
  return new Cluster([...target.clusterNodes], {
    shardedSubscribers: options.subscriber === true,
    redisOptions: { ...clusterNodeOptions(target.url), ...options.redisOptions },
  });
}

/**
 * A new connection to the same Redis with some options changed: `Redis#duplicate(options)` and
 * `Cluster#duplicate(nodes, options)` do not take the same arguments. Both start from the original's
 * options, so a duplicate of a connectRedis() connection keeps its database, credentials and TLS.
 */
export function duplicateRedis(client: RedisClient, redisOptions: RedisOptions = {}): RedisClient {
  if (!isCluster(client)) return client.duplicate(redisOptions);
  return client.duplicate(undefined, {
    ...client.options,
    shardedSubscribers: false,
    redisOptions: { ...client.options.redisOptions, ...redisOptions },
  });
}

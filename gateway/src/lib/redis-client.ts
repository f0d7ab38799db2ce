import { Cluster, Redis, type RedisOptions } from 'ioredis';

/**
 * The gateway's Redis: one standalone server (REDIS_URL, the default) or a Redis Cluster
 * (REDIS_CLUSTER_NODES). Code that only reads and writes keys takes either; what differs on a Cluster
 * (a MULTI, pipeline or script must keep to one slot, per-match delta channels are shard channels) is
 * asked with isCluster().
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
  if (target.clusterNodes.length === 0) return new Redis(target.url, options.redisOptions ?? {});
  return new Cluster([...target.clusterNodes], {
    shardedSubscribers: options.subscriber === true,
    redisOptions: { ...credentials(target.url), ...options.redisOptions },
  });
}

/** REDIS_URL's user and password, used on every Cluster node. */
function credentials(url: string): RedisOptions {
  const { username, password } = new URL(url);
  return {
    ...(username && { username: decodeURIComponent(username) }),
    ...(password && { password: decodeURIComponent(password) }),
  };
}

/**
 * A new connection to the same Redis with some options changed: `Redis#duplicate(options)` and
 * `Cluster#duplicate(nodes, options)` do not take the same arguments.
 */
export function duplicateRedis(client: RedisClient, redisOptions: RedisOptions = {}): RedisClient {
  if (!isCluster(client)) return client.duplicate(redisOptions);
  return client.duplicate(undefined, {
    ...client.options,
    shardedSubscribers: false,
    redisOptions: { ...client.options.redisOptions, ...redisOptions },
  });
}

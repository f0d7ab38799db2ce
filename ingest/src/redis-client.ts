import { Cluster, Redis, type RedisOptions } from 'ioredis';

/**
 * Ingest's Redis: one standalone server (REDIS_URL, the default) or a Redis Cluster (REDIS_CLUSTER_NODES).
 * Code that only reads and writes keys takes either; the match write path asks isCluster() (a script must
 * keep to one slot on a Cluster, gateway/src/lib/redis-client.ts has the gateway's side).
 */
export type RedisClient = Redis | Cluster;

export const isCluster = (client: RedisClient): client is Cluster => client.isCluster;

export interface RedisTarget {
  url: string;
  /** `host:port` of some Cluster nodes (any: ioredis discovers the rest); empty for a standalone Redis. */
  clusterNodes: readonly { host: string; port: number }[];
}

/** A connection as ingest makes them. */
export function connectRedis(target: RedisTarget, redisOptions: RedisOptions = {}): RedisClient {
  if (target.clusterNodes.length === 0) return new Redis(target.url, redisOptions);
  return new Cluster([...target.clusterNodes], {
    redisOptions: { ...credentials(target.url), ...redisOptions },
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
 * BullMQ's connection: options on a standalone Redis (BullMQ makes its connections from them), a Cluster
 * instance of its own on a Cluster (BullMQ duplicates it for the worker's blocking connection). Either way
 * `maxRetriesPerRequest: null`, as BullMQ requires of connections it blocks on ("going to production").
 */
export function bullConnection(target: RedisTarget): RedisOptions | Cluster {
  if (target.clusterNodes.length > 0)
    return new Cluster([...target.clusterNodes], {
      redisOptions: { ...credentials(target.url), maxRetriesPerRequest: null },
    });
  const { hostname, port, password, username } = new URL(target.url);
  return { host: hostname, port: Number(port || 6379), username, password, maxRetriesPerRequest: null };
}

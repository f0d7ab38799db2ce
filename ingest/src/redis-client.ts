import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { clusterNodeOptions, redisConnectionOptions } from '@pitchside/shared/redis-url';

/**
 * Ingest's Redis: one standalone server (REDIS_URL, the default) or a Redis Cluster (REDIS_CLUSTER_NODES).
 * Code that only reads and writes keys takes either; the match write path asks isCluster() (a script must
 * keep to one slot on a Cluster, gateway/src/lib/redis-client.ts has the gateway's side).
 *
 * Every connection ingest opens comes from connectRedis(), BullMQ's included (bullConnection; BullMQ
 * duplicates it for the worker's blocking connection, options and all), so each keeps every part of
 * REDIS_URL: database index, user, password, TLS (shared/src/redis/redis-url.ts). Options built by hand
 * for BullMQ used to drop the index, and an ingest pointed at `/11` wrote its queues into database 0.
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
  if (target.clusterNodes.length === 0)
    return new Redis({ ...redisConnectionOptions(target.url), ...redisOptions });
  return new Cluster([...target.clusterNodes], {
    redisOptions: { ...clusterNodeOptions(target.url), ...redisOptions },
  });
}

/**
 * BullMQ's connection, shared by the queue and the worker (the worker duplicates it for its blocking
 * reads). `maxRetriesPerRequest: null`, as BullMQ requires of connections it blocks on ("going to
 * production"). BullMQ leaves a connection it was given open: its owner disconnects it.
 */
export function bullConnection(target: RedisTarget): RedisClient {
  return connectRedis(target, { maxRetriesPerRequest: null });
}

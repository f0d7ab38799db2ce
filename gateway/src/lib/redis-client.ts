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
/**
 * How long a request's Redis command may take before it fails (the request then answers 503 at once): Redis
 * answers in well under a millisecond, so a second means it is hung or gone. For the request path's
 * connection only; blocking commands (BullMQ's workers, on duplicates) must not have it.
 */
export const REQUEST_COMMAND_TIMEOUT_MS = 1000;

/** Whether an error is Redis being unreachable or hung (not a wrong command): a 503, not a 500. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /^(Command timed out|Connection is closed|Stream isn't writeable|Cluster isn't ready|None of startup nodes is available)/.test(
      error.message,
    )
  );
}

/**
 * Whether the connection is lost now (closed, or waiting to reconnect): a request that needs Redis answers 503
 * at once then. Connecting (or not yet asked to, `lazyConnect`) is not lost: commands queue until it is up,
 * and the command timeout bounds the wait if it never comes.
 */
export const redisLost = (client: RedisClient): boolean =>
  client.status === 'reconnecting' || client.status === 'close' || client.status === 'end';

/** Whether Redis answers a PING now: false at once while disconnected, within the command timeout if hung. */
export const redisAnswers = async (client: RedisClient): Promise<boolean> =>
  !redisLost(client) && (await client.ping().catch(() => null)) === 'PONG';

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
export function duplicateRedis(client: RedisClient, options: RedisOptions = {}): RedisClient {
  // A duplicate may block (BullMQ): the request path's command timeout stays with the original.
  const redisOptions: RedisOptions = { commandTimeout: undefined, ...options };
  if (!isCluster(client)) return client.duplicate(redisOptions);
  return client.duplicate(undefined, {
    ...client.options,
    shardedSubscribers: false,
    redisOptions: { ...client.options.redisOptions, ...redisOptions },
  });
}

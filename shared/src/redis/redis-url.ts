import { z } from 'zod';

/**
 * What `REDIS_URL` says, as ingest and the gateway must both read it: every part of it, so that no
 * connection of either service (commands, subscribers, BullMQ's queues and workers) quietly ends up
 * somewhere else. ioredis reads a URL too, but only where it is handed the string: options built by hand
 * for BullMQ or a Cluster's nodes used to drop the database index, TLS and the decoding of the password,
 * so an ingest pointed at `/11` wrote its queues into database 0.
 */
export interface RedisEndpoint {
  host: string;
  port: number;
  /** `/N`: the logical database (0 without a path). A Redis Cluster has database 0 only. */
  db: number;
  username?: string;
  password?: string;
  /** `rediss://`: TLS, the server's certificate checked against the system's CAs. */
  tls: boolean;
}

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Parses `redis[s]://[user[:password]@]host[:port][/db]`. Anything it would not honour (another scheme, a
 * query or a path that is not a database number) is refused rather than ignored.
 */
export function parseRedisUrl(text: string): RedisEndpoint {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`not a URL: redis://host:port/db expected`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new Error(`scheme ${url.protocol} is not redis: or rediss:`);
  if (!url.hostname) throw new Error('no host');
  if (url.search || url.hash)
    throw new Error('query and fragment are not supported: put the database in the path');
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,5}$/.test(path)) throw new Error(`path /${path} is not a database number`);
  return {
    // WHATWG URLs keep IPv6 brackets; sockets want the bare address.
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 6379,
    db: path === '' ? 0 : Number(path),
    ...(url.username && { username: decodeURIComponent(url.username) }),
    ...(url.password && { password: decodeURIComponent(url.password) }),
    tls: url.protocol === 'rediss:',
  };
}

/**
 * REDIS_URL as connection options, in the shape ioredis takes (`RedisOptions`): host, port, database,
 * credentials, and `tls: {}` for `rediss:` (TLS with Node's defaults: the system's CAs, the host's name).
 */
export interface RedisConnectionOptions {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: Record<string, never>;
}

export function redisConnectionOptions(url: string): RedisConnectionOptions {
  const endpoint = parseRedisUrl(url);
  return {
    host: endpoint.host,
    port: endpoint.port,
    db: endpoint.db,
    ...(endpoint.username !== undefined && { username: endpoint.username }),
    ...(endpoint.password !== undefined && { password: endpoint.password }),
    ...(endpoint.tls && { tls: {} }),
  };
}

/**
 * What every node of a Redis Cluster takes from REDIS_URL: credentials and TLS (the nodes' addresses come
 * from REDIS_CLUSTER_NODES and the Cluster itself). A Cluster has database 0 only: a URL naming another is
 * refused, not silently written to database 0.
 */
export function clusterNodeOptions(url: string): Omit<RedisConnectionOptions, 'host' | 'port' | 'db'> {
  const { host: _host, port: _port, db, ...rest } = redisConnectionOptions(url);
  if (db !== 0)
    throw new Error(
      `REDIS_URL names database ${db}, but a Redis Cluster (REDIS_CLUSTER_NODES) has database 0 only`,
    );
  return rest;
}

/** `REDIS_URL` in the services' env schemas: kept as the string, refused at start-up when unreadable. */
export const RedisUrlSchema = z
  .string()
  .default(DEFAULT_REDIS_URL)
  .superRefine((value, ctx) => {
    try {
      parseRedisUrl(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

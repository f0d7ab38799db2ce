import { z } from 'zod';

/**
 * `REDIS_CLUSTER_NODES` as ingest and the gateway read it: `host:port,host:port` (some of a Redis Cluster's
 * nodes), or empty or unset for a standalone Redis.
 */
export const RedisClusterNodesSchema = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port,host:port')
        .transform((n) => {
          const at = n.lastIndexOf(':');
          return { host: n.slice(0, at), port: Number(n.slice(at + 1)) };
        }),
    ),
  );

import { Router } from 'express';
import { redisAnswers, type RedisClient } from '../lib/redis-client.ts';
import type { ServiceStatus } from '@pitchside/shared/protocol';
import type { IngestFreshness } from '../read-model/ingest-freshness.ts';

export interface OpsRoutesDeps {
  redis: RedisClient;
  freshness: IngestFreshness;
  /** True once the gateway drains (socket/drain.ts): it must get no new viewers. */
  draining: () => boolean;
}

const redisUp = redisAnswers;

/**
 * Probes and status for orchestrators and the site, mounted under /api:
 * - `GET /health/live`: liveness. The process answers; nothing else is checked, so a Redis outage (which
 *   every gateway shares) makes them unready, not restarted in a loop.
 * - `GET /health/ready`: readiness. Redis answers and the gateway is not draining; 503 otherwise, so the
 *   balancer (Kubernetes endpoints, nginx health checks) stops sending viewers here.
 * - `GET /status`: the ServiceStatus the site shows: whether live scores are delayed (read-model/ingest-freshness.ts).
 */
export function opsRoutes({ redis, freshness, draining }: OpsRoutesDeps): Router {
  const router = Router();
  const noStore = { 'cache-control': 'no-store' };

  router.get('/health/live', (_req, res) => {
    res.set(noStore).json({ data: { status: 'up' } });
  });

  router.get('/health/ready', async (_req, res) => {
    const up = await redisUp(redis);
    const ready = up && !draining();
    res
      .status(ready ? 200 : 503)
      .set(noStore)
      .json({ data: { ready, redis: up ? 'up' : 'down', draining: draining() } });
  });

  router.get('/status', async (_req, res) => {
    const up = await redisUp(redis);
    const live = up
      ? await freshness.live()
      : ({ updatedAt: null, ageSeconds: null, delayed: true } satisfies ServiceStatus['live']);
    const body: ServiceStatus = { redis: up ? 'up' : 'down', draining: draining(), live };
    res.set(noStore).json({ data: body });
  });

  return router;
}

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceStatusSchema } from '@pitchside/shared/protocol';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { sample } from '@pitchside/test-support/faults/prometheus-text';
import { createGatewayMetrics } from '../src/metrics.ts';
import { IngestFreshness } from '../src/read-model/ingest-freshness.ts';
import { httpLatency } from '../src/rest/http-latency.ts';
import { opsRoutes } from '../src/rest/ops-routes.ts';

/**
 * The probes and status routes (rest/ops-routes.ts) and the HTTP latency middleware (rest/http-latency.ts),
 * mounted on an Express app as the app.ts wiring in infra/README.md mounts them, against real Redis.
 */
describe('ops routes and HTTP latency', () => {
  let t: TestRedis;
  let server: Server;
  let base: string;
  let draining = false;
  let now = Date.now();
  const metrics = createGatewayMetrics({ sockets: () => 0, matchesWatched: () => 0 });

  beforeAll(async () => {
    t = await testRedis();
    const app = express();
    app.use(httpLatency(metrics.httpDuration));
    app.use(
      '/api',
      opsRoutes({
        redis: t.redis,
        freshness: new IngestFreshness(t.redis, t.keys, { delayedAfterMs: 20_000, now: () => now }),
        draining: () => draining,
      }),
    );
    app.get('/api/matches/:id', (_req, res) => void res.json({ data: null }));
    app.use('/api', (_req, res) => void res.status(404).json({ error: { code: 'request:not-found' } }));
    app.get(
      '/metrics',
      async (_req, res) => void res.type('text/plain').send(await metrics.registry.metrics()),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.cleanup();
  });

  const status = async () =>
    ServiceStatusSchema.parse(((await (await fetch(`${base}/api/status`)).json()) as { data: unknown }).data);

  it('says live scores are delayed once the live poll has not succeeded for 20 s', async () => {
    expect((await status()).live).toEqual({ updatedAt: null, ageSeconds: null, delayed: true });
    await t.redis.hset(t.keys.ingestHeartbeat(), 'poll-live', now - 5_000);
    expect((await status()).live).toMatchObject({ ageSeconds: 5, delayed: false });
    now += 20_000;
    expect((await status()).live).toMatchObject({ ageSeconds: 25, delayed: true });
  });

  it('is ready until it drains; alive throughout', async () => {
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    draining = true;
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ data: { ready: false, redis: 'up', draining: true } });
    expect((await status()).draining).toBe(true);
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    draining = false;
  });

  it('times requests by route pattern, not by URL', async () => {
    for (const id of ['1', '2', '3']) await fetch(`${base}/api/matches/${id}`);
    await fetch(`${base}/api/no-such-thing`);
    const text = await (await fetch(`${base}/metrics`)).text();
    const count = (route: string, s: string) =>
      sample(text, 'gateway_http_request_duration_seconds_count', { method: 'GET', route, status: s });
    expect(count('/api/matches/:id', '2xx')).toBe(3);
    expect(count('/api/*', '4xx')).toBe(1);
    expect(count('/api/health/ready', '5xx')).toBe(1);
    expect(text).not.toContain('route="/api/matches/1"');
  });
});

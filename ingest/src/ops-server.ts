import { createServer, type Server } from 'node:http';
import type { IngestHandle } from './ingest-worker.ts';

/**
 * The ingest process's own small HTTP server, for operators and orchestrators:
 * - `GET /metrics`: Prometheus (queue depth, poll lag, upstream errors, rate budget left, job durations);
 * - `GET /healthz`: liveness, the event loop answers;
 * - `GET /readyz`: readiness, Redis answers and every poll job has its scheduler (503 with the reason if not).
 */
export function createOpsServer(ingest: Pick<IngestHandle, 'metrics' | 'readiness'>): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    switch (path) {
      case '/metrics':
        return void ingest.metrics.registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': ingest.metrics.registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      case '/healthz':
        return json(200, { data: { status: 'up' } });
      case '/readyz':
        return void ingest.readiness().then((r) => json(r.ready ? 200 : 503, { data: r }));
      default:
        res.writeHead(404).end();
    }
  });
}

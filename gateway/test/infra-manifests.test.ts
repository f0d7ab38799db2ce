import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { createIngestMetrics } from '@pitchside/ingest/metrics';
import { createOpsServer } from '@pitchside/ingest/ops-server';
import { readEnv as readIngestEnv } from '@pitchside/ingest/config/env';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { createGatewayMetrics } from '../src/metrics.ts';
import { readEnv as readGatewayEnv } from '../src/config/env.ts';
import { IngestFreshness } from '../src/read-model/ingest-freshness.ts';
import { opsRoutes } from '../src/rest/ops-routes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const yamlFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? yamlFiles(path.join(dir, e.name))
      : /\.ya?ml$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );

/* Loosely typed views of what the manifests hold. */
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value: string }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
}
const containersOf = (o: K8sObject): Container[] =>
  (o.spec?.template as { spec: { containers: Container[] } } | undefined)?.spec.containers ?? [];

/**
 * infra/ (issue 7 §3) without kubectl or Docker: every manifest parses, every probe and scrape target points
 * at a port the service listens on and a path its code serves, and the dashboard only charts metrics the code
 * exports.
 */
describe('infra manifests', () => {
  const k8s = yamlFiles('infra/k8s')
    .filter((f) => !f.endsWith('kustomization.yaml'))
    .flatMap((f) => loadAll(read(f)).filter(Boolean) as K8sObject[]);
  const deployment = (name: string) => k8s.find((o) => o.kind === 'Deployment' && o.metadata.name === name)!;

  it('parses, every YAML file, and each Kubernetes object is complete', () => {
    for (const file of [...yamlFiles('infra'), 'docker-compose.yml']) {
      expect(() => loadAll(read(file)), file).not.toThrow();
    }
    for (const o of k8s) {
      expect(o.apiVersion, o.metadata?.name).toBeTruthy();
      expect(o.kind).toBeTruthy();
      expect(o.metadata.name).toBeTruthy();
    }
    const [kustomization] = loadAll(read('infra/k8s/kustomization.yaml')) as { resources: string[] }[];
    for (const file of kustomization!.resources) expect(() => read(`infra/k8s/${file}`)).not.toThrow();
    const kinds = new Set(k8s.map((o) => o.kind));
    for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
      expect(kinds).toContain(kind);
  });

  it('selects pods that exist, on ports they name', () => {
    const pods = k8s.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
    const labelsOf = (o: K8sObject) =>
      (o.spec!.template as { metadata: { labels: Record<string, string> } }).metadata.labels;
    for (const o of k8s.filter((x) => x.kind === 'Service' || x.kind === 'PodDisruptionBudget')) {
      const selector =
        (o.spec!.selector as { matchLabels?: Record<string, string> } & Record<string, string>).matchLabels ??
        (o.spec!.selector as Record<string, string>);
      const target = pods.find((p) => Object.entries(selector).every(([k, v]) => labelsOf(p)[k] === v));
      expect(target, `${o.kind} ${o.metadata.name}`).toBeDefined();
      if (o.kind !== 'Service') continue;
      const names = containersOf(target!)
        .flatMap((c) => c.ports ?? [])
        .map((p) => p.name);
      for (const port of o.spec!.ports as { targetPort: string }[]) expect(names).toContain(port.targetPort);
    }
    const hpa = k8s.find((o) => o.kind === 'HorizontalPodAutoscaler')!;
    expect(deployment((hpa.spec!.scaleTargetRef as { name: string }).name)).toBeDefined();
  });

  it('gives the services the ports their code listens on', () => {
    const [gateway] = containersOf(deployment('pitchside-gateway'));
    const [ingest] = containersOf(deployment('pitchside-ingest'));
    const envOf = (c: Container) => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));
    // What each service's own configuration makes of the manifest's environment.
    const gatewayPort = readGatewayEnv(envOf(gateway!)).PORT;
    const ingestPort = readIngestEnv(envOf(ingest!)).METRICS_PORT;
    expect(gateway!.ports!.find((p) => p.name === 'http')!.containerPort).toBe(gatewayPort);
    expect(ingest!.ports!.find((p) => p.name === 'metrics')!.containerPort).toBe(ingestPort);
    // Compose and Prometheus agree: gateways on 8080 (PORT), ingest's ops server on 9464 (METRICS_PORT).
    const [compose] = loadAll(read('docker-compose.yml')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    }[];
    expect(Number(compose!.services['gateway-a']!.environment!.PORT)).toBe(8080);
    expect(Number(compose!.services['ingest']!.environment!.METRICS_PORT)).toBe(9464);
    const prometheus = read('infra/prometheus/prometheus.yml');
    for (const target of ['gateway-a:8080', 'gateway-b:8080', 'ingest:9464'])
      expect(prometheus).toContain(target);
    const nginx = read('infra/nginx/pitchside.conf');
    expect(nginx.match(/server (gateway-[ab]:8080)/g)?.length).toBe(4);
    for (const name of ['gateway-a', 'gateway-b']) expect(compose!.services[name]).toBeDefined();
  });

  describe('probe paths', () => {
    let t: TestRedis;
    let server: ReturnType<express.Express['listen']>;
    let gatewayBase: string;
    let ingestServer: ReturnType<typeof createOpsServer>;
    let ingestBase: string;
    beforeAll(async () => {
      t = await testRedis();
      // Mounted as the wiring in infra/README.md mounts it in gateway/src/app.ts.
      const app = express().use(
        '/api',
        opsRoutes({ redis: t.redis, freshness: new IngestFreshness(t.redis, t.keys), draining: () => false }),
      );
      server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      gatewayBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      ingestServer = createOpsServer({
        metrics: createIngestMetrics(),
        readiness: async () => ({ ready: true, redis: true, schedulers: 7, expected: 7 }),
      });
      await new Promise<void>((resolve) => ingestServer.listen(0, '127.0.0.1', resolve));
      ingestBase = `http://127.0.0.1:${(ingestServer.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await new Promise((resolve) => ingestServer?.close(resolve));
      await t?.cleanup();
    });

    it('are served by the gateway and by ingest', async () => {
      const probes = (name: string) =>
        containersOf(deployment(name)).flatMap((c) =>
          [c.startupProbe, c.livenessProbe, c.readinessProbe].flatMap((p) =>
            p?.httpGet ? [p.httpGet.path] : [],
          ),
        );
      const gatewayPaths = probes('pitchside-gateway');
      const ingestPaths = probes('pitchside-ingest');
      expect(gatewayPaths.length).toBe(3);
      expect(ingestPaths.length).toBe(3);
      for (const p of gatewayPaths) expect((await fetch(`${gatewayBase}${p}`)).status, p).toBe(200);
      for (const p of ingestPaths) expect((await fetch(`${ingestBase}${p}`)).status, p).toBe(200);
      // Compose's health checks: /api/health (app.ts) and ingest's /readyz.
      expect(read('gateway/src/app.ts')).toContain("app.get('/api/health'");
      expect(read('docker-compose.yml')).toContain('http://127.0.0.1:9464/readyz');
    });
  });

  it('charts only metrics the code exports', async () => {
    const dashboard = JSON.parse(read('infra/grafana/dashboards/pitchside.json')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const exported = new Set(
      [
        ...(await registry.getMetricsAsJSON()),
        ...(await createGatewayMetrics({
          sockets: () => 0,
          matchesWatched: () => 0,
        }).registry.getMetricsAsJSON()),
        ...(await createIngestMetrics().registry.getMetricsAsJSON()),
      ].map((m) => m.name),
    );
    const used = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) =>
        [...t.expr.matchAll(/\b(?:gateway|ingest|nodejs|process)_[a-z0-9_]+/g)].map((m) => m[0]),
      ),
    );
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) expect(exported, name).toContain(name.replace(/_(bucket|sum|count)$/, ''));
  });
});

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
import { createSimulator } from '@pitchside/simulator';
import { readSimulatorConfig } from '@pitchside/simulator/config';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { createGatewayMetrics } from '../src/metrics.ts';
import { readEnv as readGatewayEnv } from '../src/config/env.ts';
import { IngestFreshness } from '../src/read-model/ingest-freshness.ts';
import { opsRoutes } from '../src/rest/ops-routes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface DockerStage {
  name: string;
  copies: { from: string | null; src: string; dest: string }[];
  runs: string[];
  cmd: string[];
}

/** infra/Dockerfile's stages, read without Docker: each FROM ... AS name, its COPY, RUN and CMD lines. */
function dockerStages(dockerfile: string): DockerStage[] {
  const stages: DockerStage[] = [];
  // Continuation lines joined, comments dropped.
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'FROM') {
      const name = /\bAS\s+(\S+)$/i.exec(args)?.[1];
      if (name) stages.push({ name, copies: [], runs: [], cmd: [] });
      continue;
    }
    const current = stages.at(-1);
    if (!current) continue;
    if (instruction === 'RUN') current.runs.push(args);
    if (instruction === 'CMD') current.cmd = JSON.parse(args) as string[];
    if (instruction === 'COPY') {
      const words = args.split(/\s+/);
      const from = words[0]!.startsWith('--from=') ? words.shift()!.slice('--from='.length) : null;
      const dest = words.pop()!;
      for (const src of words) current.copies.push({ from, src, dest });
    }
  }
  return stages;
}

interface WorkspaceManifest {
  folder: string;
  name: string;
  dependencies?: Record<string, string>;
}

/** The npm workspaces by folder, as the root package.json lists them. */
function workspaceManifests(): Map<string, WorkspaceManifest> {
  const root = JSON.parse(read('package.json')) as { workspaces: string[] };
  return new Map(
    root.workspaces.map((folder) => [
      folder,
      { folder, ...(JSON.parse(read(`${folder}/package.json`)) as Omit<WorkspaceManifest, 'folder'>) },
    ]),
  );
}
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
  image?: string;
  command?: string[];
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

  it('runs the simulator as its own service, which ingest and the gateways find by its address', async () => {
    const [simulator] = containersOf(deployment('pitchside-simulator'));
    const envOf = (c: Container) => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));
    const simPort = readSimulatorConfig(envOf(simulator!)).SIM_PORT;
    expect(simulator!.ports!.find((p) => p.name === 'api')!.containerPort).toBe(simPort);
    const service = k8s.find((o) => o.kind === 'Service' && o.metadata.name === 'pitchside-simulator')!;
    const servicePort = (service.spec!.ports as { port: number }[])[0]!.port;
    // What ingest and the gateways make of the shared ConfigMap: the simulator Service, on its port.
    const config = k8s.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'pitchside-config') as
      (K8sObject & { data: Record<string, string> }) | undefined;
    const simulatorUrl = `http://pitchside-simulator:${servicePort}`;
    expect(readIngestEnv(config!.data)).toMatchObject({
      PROVIDER: 'simulator',
      GAME_API_BASE_URL: simulatorUrl,
    });
    expect(readGatewayEnv(config!.data).STREAMS_API_URL).toBe(simulatorUrl);
    // Ingest's pods run ingest only: the simulator is never inside them.
    for (const name of ['pitchside-ingest', 'pitchside-gateway']) {
      const [container] = containersOf(deployment(name));
      expect((container as Container & { command: string[] }).command.join(' ')).not.toContain('simulator');
    }

    // Compose: the same shape, by the service's name.
    const [compose] = loadAll(read('docker-compose.yml')) as {
      services: Record<
        string,
        { environment?: Record<string, string>; depends_on?: Record<string, unknown> }
      >;
    }[];
    const services = compose!.services;
    const composePort = readSimulatorConfig(services['simulator']!.environment!).SIM_PORT;
    expect(readIngestEnv(services['ingest']!.environment!).GAME_API_BASE_URL).toBe(
      `http://simulator:${composePort}`,
    );
    expect(services['ingest']!.depends_on).toHaveProperty('simulator');
    for (const name of ['gateway-a', 'gateway-b'])
      expect(readGatewayEnv(services[name]!.environment!).STREAMS_API_URL).toBe(
        `http://simulator:${composePort}`,
      );

    // Its probe path answers on a real simulator.
    const running = createSimulator({ timeScale: 0 });
    const { url } = await running.listen(0);
    try {
      for (const probe of [simulator!.readinessProbe, simulator!.livenessProbe])
        expect((await fetch(`${url}${probe!.httpGet!.path}`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  describe('infra/Dockerfile', () => {
    const stages = dockerStages(read('infra/Dockerfile'));
    const stage = (name: string) => {
      const found = stages.find((s) => s.name === name);
      expect(found, `stage ${name}`).toBeDefined();
      return found!;
    };
    const workspaces = workspaceManifests();
    /** The folders of a package and of every workspace it depends on at run time (`dependencies` only). */
    const runtimeClosure = (...names: string[]): Set<string> => {
      const folders = new Set<string>();
      const visit = (name: string) => {
        const manifest = [...workspaces.values()].find((w) => w.name === name)!;
        if (folders.has(manifest.folder)) return;
        folders.add(manifest.folder);
        for (const dep of Object.keys(manifest.dependencies ?? {}))
          if (dep.startsWith('@pitchside/')) visit(dep);
      };
      for (const name of names) visit(name);
      return folders;
    };
    const manifestsCopied = (s: DockerStage) =>
      new Set(
        s.copies.filter((c) => !c.from && c.src.endsWith('/package.json')).map((c) => path.dirname(c.src)),
      );

    it('builds the website with every workspace installed, from the lockfile', () => {
      const build = stage('build');
      expect(manifestsCopied(build)).toEqual(new Set(workspaces.keys()));
      expect(build.runs.some((r) => /\bnpm ci\b/.test(r) && !r.includes('--omit=dev'))).toBe(true);
      expect(build.runs.some((r) => r.includes('npm run build:web'))).toBe(true);
    });

    it('installs the services and the simulator with npm ci --omit=dev, each from its own manifests only', () => {
      for (const [deps, packages] of [
        ['production-deps', ['@pitchside/ingest', '@pitchside/gateway']],
        ['simulator-deps', ['@pitchside/simulator']],
      ] as const) {
        const s = stage(deps);
        const installs = s.runs.filter((r) => /\bnpm (ci|install)\b/.test(r));
        expect(installs.length, deps).toBe(1);
        expect(installs[0], deps).toMatch(/\bnpm ci\b.*--omit=dev/);
        // npm installs the workspaces whose manifests are there: exactly what the services need at run time.
        expect(manifestsCopied(s), deps).toEqual(runtimeClosure(...packages));
      }
      expect(runtimeClosure('@pitchside/ingest', '@pitchside/gateway')).not.toContain('ingest/simulator');
    });

    it('puts in each image its dependencies, the sources its command runs, and nothing of the simulator in production', () => {
      const production = stage('production');
      expect(stages.at(-1)!.name, 'the default target').toBe('production');
      expect(production.copies.filter((c) => c.from).map((c) => `${c.from}:${c.src}`)).toEqual([
        'production-deps:/app/node_modules',
        'build:/app/web/dist',
      ]);
      const sources = production.copies.filter((c) => !c.from).map((c) => c.src);
      for (const folder of runtimeClosure('@pitchside/ingest', '@pitchside/gateway')) {
        expect(sources, folder).toContain(`${folder}/package.json`);
        expect(
          sources.some((src) => src.startsWith(`${folder}/src`)),
          folder,
        ).toBe(true);
      }
      for (const src of sources) {
        expect(src).not.toMatch(/^(ingest\/simulator|test|load-tests|scripts)(\/|$)/);
        expect(() => read(src.endsWith('/') ? src.slice(0, -1) : src), src).not.toThrow(/ENOENT/);
      }
      const simulator = stage('simulator');
      expect(simulator.copies.find((c) => c.from)?.from).toBe('simulator-deps');
      // Each image's command runs a file that image holds.
      for (const s of [production, simulator]) {
        const entry = s.cmd.find((arg) => arg.endsWith('.ts'))!;
        expect(
          s.copies.some((c) => !c.from && entry.startsWith(c.src)),
          `${s.name}: ${entry}`,
        ).toBe(true);
        expect(() => read(entry)).not.toThrow();
      }
      // Compose builds these targets, under the image names the Kubernetes manifests use.
      const [compose] = loadAll(read('docker-compose.yml')) as {
        services: Record<string, { build?: { target?: string }; image?: string }>;
      }[];
      const targets = Object.values(compose!.services).flatMap((svc) =>
        svc.build?.target ? [svc.build] : [],
      );
      for (const target of targets) expect(stages.map((s) => s.name)).toContain(target.target);
      const imageOf = (target: string) =>
        Object.values(compose!.services)
          .find((svc) => svc.build?.target === target)!
          .image!.split(':')[0];
      const k8sImages = new Set(
        k8s.flatMap((o) => containersOf(o).map((c) => (c as Container & { image: string }).image)),
      );
      expect(k8sImages).toEqual(new Set([imageOf('production'), imageOf('simulator'), 'redis:7-alpine']));
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

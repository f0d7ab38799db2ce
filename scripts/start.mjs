#!/usr/bin/env node
// `npm start`: the whole platform on localhost, on the simulated game API.
// Installs dependencies when missing, makes sure Redis answers, builds the website, then runs the simulated
// game API (unless a real provider is configured), ingest reading it and the gateway (serving the website),
// and prints the URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/deps.mjs';
import { launcherEnv } from './lib/env.mjs';
import { ensureRedis } from './lib/redis.mjs';
import { createServiceRunner, startSimulator, waitForHttp } from './lib/services.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = launcherEnv();
const port = Number(env.PORT ?? 8080);
const url = `http://127.0.0.1:${port}`;

try {
  ensureDependencies(root);
  const redis = await ensureRedis(env.REDIS_URL);
  if (redis.started) console.log(`Started a local redis-server for ${env.REDIS_URL} (no persistence).`);
  ensureWebBuild(root);
} catch (error) {
  console.error(`\nPitchside cannot start: ${error.message}`);
  process.exit(1);
}

/**
 * What each service gets besides the environment. The gateway holds one connection per viewer: capping
 * glibc at two malloc arenas (instead of up to eight per core) saves about 1 KiB of RSS per viewer
 * (BENCHMARKS.md, "Memory"; the fan-out benchmark starts it the same way).
 */
const SERVICE_ENV = { gateway: { MALLOC_ARENA_MAX: '2' }, ingest: {} };

// One gateway, nothing to drain it towards: Ctrl+C waits 5 s for the services, not the cluster's 20.
const services = createServiceRunner({ root, env, graceMs: 5000 });
process.on('SIGINT', () => services.stop(0));
process.on('SIGTERM', () => services.stop(0));

// The embedded default upstream: the simulator first, so ingest reads its clock from the first poll on.
const simulator = await startSimulator(services, env);
services.run('ingest', 'ingest/src/index.ts', { ...SERVICE_ENV.ingest, ...simulator?.ingestEnv });
services.run('gateway', 'gateway/src/index.ts', SERVICE_ENV.gateway);

if (await waitForHttp(`${url}/api/health`, { shouldStop: () => services.stopping })) {
  console.log(`\n  Pitchside is up: ${url}\n  Live matches:    ${url}/live-matches\n  Stop with Ctrl+C.\n`);
}

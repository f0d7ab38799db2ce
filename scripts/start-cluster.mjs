#!/usr/bin/env node
// `npm run start:cluster`: Pitchside as several machines would run it, on localhost. Like `npm start`
// (dependencies, Redis, the website build: the same helpers in scripts/lib), but two gateway processes on
// their own ports behind a local balancer on the public port (scripts/lib/cluster-proxy.mjs: WebSockets round
// robin, sticky only for Socket.IO's polling fallback). The gateways share nothing but Redis and PostgreSQL.
//
// `kill -HUP <pid>` restarts the gateways one after the other (a rolling restart): each drains on SIGTERM
// (gateway/src/socket/drain.ts), its viewers move to the other through the balancer, then it starts again.
//
// Env: PORT (public, 8080), GATEWAY_PORTS (8081,8082), DATABASE_URL (required: see shared-database.mjs),
// REDIS_URL, and everything the services read.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/deps.mjs';
import { launcherEnv } from './lib/env.mjs';
import { ensureRedis } from './lib/redis.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';
import { requireSharedDatabase } from './lib/shared-database.mjs';
import { createServiceRunner, startSimulator, waitForHttp } from './lib/services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = launcherEnv();
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const gatewayPorts = (env.GATEWAY_PORTS ?? `${port + 1},${port + 2}`).split(',').map(Number);
const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

let startClusterProxy;
try {
  ensureDependencies(root);
  // Loaded after the install above: it needs http-proxy-3, a dependency installed with the others.
  ({ startClusterProxy } = await import('./lib/cluster-proxy.mjs'));
  env.DATABASE_URL = await requireSharedDatabase(env);
  const redis = await ensureRedis(env.REDIS_URL);
  if (redis.started) console.log(`Started a local redis-server for ${env.REDIS_URL} (no persistence).`);
  ensureWebBuild(root);
} catch (error) {
  console.error(`\nPitchside cannot start as a cluster: ${error.message}`);
  process.exit(1);
}

let proxy = null;
const services = createServiceRunner({ root, env });
const stop = (code) => services.stop(code, () => proxy?.close());
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const simulator = await startSimulator(services, env);
services.run('ingest', 'ingest/src/index.ts', simulator?.ingestEnv);
const gatewayNames = [];
// One after the other: the first creates the token secret in the data folder (when AUTH_SECRET is unset) and
// migrates the database; the second then reads the same secret, so a token signed by one is good on both.
const backends = [];
for (const [i, gatewayPort] of gatewayPorts.entries()) {
  const name = `gateway-${String.fromCharCode(97 + i)}`;
  gatewayNames.push(name);
  services.run(name, 'gateway/src/index.ts', {
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    // The balancer adds X-Forwarded-For: throttling and sessions see the client's address, not the proxy's.
    TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
    MALLOC_ARENA_MAX: '2', // as `npm start` (BENCHMARKS.md, "Memory")
  });
  const backend = `http://127.0.0.1:${gatewayPort}`;
  if (!(await waitForHttp(`${backend}/api/health`, { shouldStop: () => services.stopping }))) {
    if (!services.stopping) console.error(`[${name}] did not answer on ${backend}/api/health; stopping.`);
    stop(1);
    break;
  }
  backends.push(backend);
}

if (!services.stopping) {
  try {
    proxy = await startClusterProxy({ port, host, backends, log: (line) => console.log(`[proxy] ${line}`) });
  } catch (error) {
    console.error(`[proxy] cannot listen on ${host}:${port}: ${error.message}`);
    stop(1);
  }
}
let rolling = false;
process.on('SIGHUP', async () => {
  if (rolling || services.stopping || !proxy) return;
  rolling = true;
  for (const [i, name] of gatewayNames.entries()) {
    console.log(`[cluster] rolling restart: ${name} drains, then starts again`);
    await services.restart(name);
    if (!(await waitForHttp(`${backends[i]}/api/health`, { shouldStop: () => services.stopping }))) break;
  }
  console.log('[cluster] rolling restart done');
  rolling = false;
});

if (proxy) {
  console.log(
    `\n  Pitchside (cluster) is up: ${url}\n  Gateways:        ${backends.join(', ')}\n` +
      `  Live matches:    ${url}/live-matches\n  Stop with Ctrl+C; rolling restart: kill -HUP ${process.pid}\n`,
  );
}

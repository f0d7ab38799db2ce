import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { ScoreboardEntrySchema } from '@pitchside/shared/protocol';
import { ensureRedis } from '@pitchside/scripts/redis';
import { ensureWebBuild } from '@pitchside/scripts/web-build';
import { childEnv } from '../config/env.ts';

/**
 * The whole platform as `npm start` runs it (scripts/start.mjs): the simulated game API, ingest reading it,
 * and the gateway serving the built site, each in its own process, on free ports and under a Redis prefix of
 * the run's own (deleted at the end), so it never meets another session's stack.
 */

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_DIST = path.join(ROOT, 'web', 'dist');
const TSX_LOADER = import.meta.resolve('tsx');

export interface BenchStackOptions {
  redisUrl: string;
  /** The simulator's seed: the same match day every run. */
  seed: number;
  /**
   * Simulated seconds per real second. 1 keeps the chosen live match live for the whole run while its
   * clock still ticks and deltas still flow, as on a real match night.
   */
  timeScale: number;
  /** Pin the gateway to this core (taskset), so the load generator on another core never takes its CPU. */
  gatewayCore: number | null;
  /** Rebuild web/dist when a source is newer (as npm start does); false measures web/dist as it is. */
  build: boolean;
  /**
   * Measure this build (`client/` and `server/`, e.g. web/dist-perf) instead of web/dist; it is never
   * rebuilt. Null: web/dist.
   */
  webDist: string | null;
}

export interface BenchStack {
  /** The gateway: the site, /api and the socket. */
  url: string;
  /** The run's copy of web/dist the gateway serves: `client/` holds the very files the browser gets. */
  webDist: string;
  /** Our processes (this one, the simulator, ingest, the gateway): not neighbours when counting CPU use. */
  pids: Set<number>;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on now (the OS's choice); the service binds it a moment later. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const canPin = (): boolean =>
  process.platform === 'linux' && spawnSync('sh', ['-c', 'command -v taskset']).status === 0;

/** Runs a service like start.mjs does, printing its warnings and errors as `[name] msg`. */
function runService(name: string, script: string, env: NodeJS.ProcessEnv, core: number | null): ChildProcess {
  const node = [process.execPath, '--import', TSX_LOADER, script];
  const [command, ...args] = core === null ? node : ['taskset', '-c', String(core), ...node];
  const child = spawn(command!, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream! }).on('line', (line) => {
      try {
        const { msg, err } = JSON.parse(line) as { msg?: string; err?: { message?: string } };
        console.log(`   [${name}] ${msg ?? line}${err?.message ? `: ${err.message}` : ''}`);
      } catch {
        console.log(`   [${name}] ${line}`);
      }
    });
  }
  return child;
}

async function stopService(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length > 0) await redis.unlink(...found);
    cursor = next;
  } while (cursor !== '0');
}

// Parsed with shared's schema (zod 4, shared's own copy): load-tests' `zod` is Lighthouse's zod 3.
const LiveListSchema = ScoreboardEntrySchema.array();

/** GET /api/matches/live, parsed at the boundary. */
export async function liveMatches(url: string) {
  const response = await fetch(`${url}/api/matches/live`);
  if (!response.ok) throw new Error(`GET /api/matches/live answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  return LiveListSchema.parse(body.data);
}

export async function startBenchStack(options: BenchStackOptions): Promise<BenchStack> {
  const redisStarted = await ensureRedis(options.redisUrl);
  if (redisStarted.started) console.log(`Started a local redis-server for ${options.redisUrl}.`);
  const build = options.build && options.webDist === null;
  if (build) ensureWebBuild(ROOT);
  const run = `bench-web-${randomBytes(4).toString('hex')}`;
  const webDist = await snapshotWebDist(
    options.webDist ?? WEB_DIST,
    path.join(ROOT, '.pitchside', run, 'dist'),
    build,
  );

  const prefix = `${run}:`;
  const [gatewayPort, simulatorPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const env = childEnv({
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    PROVIDER: 'simulator',
    // The simulator listens here, ingest reads it here, and the gateway finds its streams here.
    SIM_PORT: String(simulatorPort),
  });
  const simulator = runService(
    'simulator',
    'ingest/simulator/src/main.ts',
    { ...env, SIM_SEED: String(options.seed), SIM_TIME_SCALE: String(options.timeScale) },
    null,
  );
  const ingest = runService(
    'ingest',
    'ingest/src/index.ts',
    {
      ...env,
      GAME_API_BASE_URL: `http://127.0.0.1:${simulatorPort}`,
      METRICS_PORT: String(metricsPort),
    },
    null,
  );
  const gateway = runService(
    'gateway',
    'gateway/src/index.ts',
    { ...env, HOST: '127.0.0.1', PORT: String(gatewayPort), WEB_DIST: webDist },
    options.gatewayCore,
  );
  const url = `http://127.0.0.1:${gatewayPort}`;

  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', () => undefined);
  const stop = async () => {
    await Promise.all([stopService(gateway), stopService(ingest), stopService(simulator)]);
    // BullMQ's job schedulers live under the prefix too: deleting the prefix removes them with the rest.
    await redis.connect().catch(() => undefined);
    await deletePrefix(redis, prefix).catch((err: Error) => console.error(`redis cleanup: ${err.message}`));
    redis.disconnect();
    rmSync(path.dirname(webDist), { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the stack`);
      void Promise.race([stop(), sleep(8_000)]).then(() => process.exit(130));
    });
  }

  // Up when the gateway answers and ingest's first live poll has filled the live list.
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const child of [simulator, ingest, gateway]) {
      if (child.exitCode !== null) {
        await stop();
        throw new Error(`a service exited (${child.exitCode}) before the stack was up: see its output above`);
      }
    }
    const live = await liveMatches(url).catch(() => []);
    if (live.length > 0) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the stack did not list a live match within 60 s');
    }
    await sleep(300);
  }
  const pids = new Set([process.pid, simulator.pid ?? -1, ingest.pid ?? -1, gateway.pid ?? -1]);
  return { url, webDist, pids, stop };
}

/**
 * Other sessions rebuild web/dist while we measure (Vite empties it first), which would pull the files from
 * under a running gateway. The run serves its own copy instead, inside the repo so that the server bundle
 * still finds its packages in the root node_modules (.pitchside/ is the gitignored runtime folder).
 */
async function snapshotWebDist(source: string, target: string, build: boolean): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    rmSync(target, { recursive: true, force: true });
    cpSync(source, target, { recursive: true, filter: (source) => !source.endsWith('.map') });
    if (buildComplete(target)) return target;
    if (attempt === 3)
      throw new Error(`${source} keeps changing under us or is incomplete (a build is running?): try again`);
    await sleep(5_000);
    if (build) ensureWebBuild(ROOT);
  }
}

/**
 * The copy is one build: every file the client manifest names, and every chunk the server bundle imports
 * (its pages load lazily, so a missing one would only show as a 500 on that page).
 */
function buildComplete(dist: string): boolean {
  const serverEntry = path.join(dist, 'server', 'entry-server.js');
  const manifestFile = path.join(dist, 'client', '.vite', 'manifest.json');
  if (!existsSync(serverEntry) || !existsSync(manifestFile)) return false;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    const clientFiles = Object.values(manifest).map((chunk) => path.join(dist, 'client', chunk.file));
    const serverChunks = [
      ...readFileSync(serverEntry, 'utf8').matchAll(/["'](\.\/assets\/[^"']+\.js)["']/g),
    ].map(([, file]) => path.join(dist, 'server', file!));
    return [...clientFiles, ...serverChunks].every((file) => existsSync(file));
  } catch {
    return false;
  }
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { REDIS_URL } from './redis.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Not database 0, as a newcomer told to keep away from a shared Redis would do; keys under a prefix of its own. */
const DB_INDEX = 13;
/** The environment npm start gets from the runner: a shell's, and libfaketime's when the suite runs under it. */
const PASSED_THROUGH = /^(PATH|HOME|TMPDIR|LANG|LC_\w+|TZ|LD_PRELOAD|FAKETIME\w*|DONT_FAKE_MONOTONIC)$/;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface NpmStart {
  url: string;
  process: ChildProcess;
  /** Every line it printed so far (its services' lines as `[name] level msg`). */
  output: string[];
  dataDir: string;
  /** The pid of one of its services (`gateway`, `ingest`, `simulator`): the process running that entry. */
  servicePid(entry: 'gateway/src/index.ts' | 'ingest/src/index.ts'): number | null;
  /** SIGTERM to its process group, then SIGKILL; its Redis keys and DATA_DIR removed. */
  stop(): Promise<void>;
}

/**
 * `npm start` as a newcomer runs it (scripts/start.mjs), in its own process group, on free ports, with a
 * DATA_DIR, a Redis database and a key prefix of its own. Resolves once /api/health answers.
 */
export async function startNpmStart(
  extraEnv: Record<string, string> = {},
  startupMs = 180_000,
): Promise<NpmStart> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchside-start-'));
  const [port, simPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const prefix = `test-start-${process.pid}-${Date.now()}:`;
  const redisUrl = new URL(REDIS_URL);
  redisUrl.pathname = `/${DB_INDEX}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      // What a newcomer's shell has, not the test runner's (NODE_ENV=test, a DATABASE_URL, a provider).
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => PASSED_THROUGH.test(name))),
      PORT: String(port),
      SIM_PORT: String(simPort),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl.toString(),
      REDIS_PREFIX: prefix,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the services it starts are stopped with it, whatever happens to the test.
    detached: true,
  });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => output.push(line));
  }

  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    // Database 0 too, in case a connection ever drops REDIS_URL's database index (gateway/test/
    // stacks-on-database-indexes.test.ts proves none does): nothing of this run may be left behind.
    for (const db of [DB_INDEX, 0]) {
      const at = new URL(REDIS_URL);
      at.pathname = `/${db}`;
      const redis = new Redis(at.toString());
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const servicePid = (entry: string): number | null => {
    try {
      const pids = execFileSync('pgrep', ['-g', String(child.pid), '-f', entry], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
      return pids[0] ?? null;
    } catch {
      return null; // pgrep exits 1 when nothing matches
    }
  };

  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`npm start exited (${child.exitCode}):\n${output.join('\n')}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not come up:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, process: child, output, dataDir, servicePid, stop };
}

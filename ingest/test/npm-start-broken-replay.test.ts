import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '@pitchside/test-support/redis';

/**
 * `npm start` with a SIM_REPLAY file it cannot read, as a newcomer would run it: the whole platform in its
 * own processes (scripts/start.mjs), on free ports, with a DATA_DIR, a Redis database and a key prefix of
 * its own. The site must come up on the seeded simulator, and the output must name the broken field.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(ROOT, 'ingest/test/fixtures/openfootball/euro.json_2024_trimmed.json');
/** Not database 0, as a newcomer told to keep away from a shared Redis would do; keys under a prefix of its own. */
const DB_INDEX = 13;
const STARTUP_MS = 180_000;
/** The environment npm start gets from the runner: a shell's, and libfaketime's when the suite runs under it. */
const PASSED_THROUGH = /^(PATH|HOME|TMPDIR|LANG|LC_\w+|TZ|LD_PRELOAD|FAKETIME\w*|DONT_FAKE_MONOTONIC)$/;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let start: ChildProcess | undefined;
let dataDir = '';
let url = '';
let prefix = '';
const output: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pitchside-start-'));
  // Euro 2024, one score broken the way a hand edit breaks it.
  const euro = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    rounds: { matches: { score: { ft: unknown } }[] }[];
  };
  euro.rounds[0]!.matches[1]!.score.ft = '1-3';
  const replay = path.join(dataDir, 'euro-2024-broken.json');
  writeFileSync(replay, JSON.stringify(euro));

  const [port, simPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  prefix = `test-start-${process.pid}-${Date.now()}:`;
  const redisUrl = new URL(REDIS_URL);
  redisUrl.pathname = `/${DB_INDEX}`;
  start = spawn(process.execPath, ['scripts/start.mjs'], {
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
      SIM_REPLAY: replay,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the services it starts are stopped with it, whatever happens to the test.
    detached: true,
  });
  for (const stream of [start.stdout!, start.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => output.push(line));
  }
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (start.exitCode !== null)
      throw new Error(`npm start exited (${start.exitCode}):\n${output.join('\n')}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, STARTUP_MS + 10_000);

afterAll(async () => {
  if (start?.pid && start.exitCode === null) {
    const exited = new Promise((resolve) => start!.once('exit', resolve));
    process.kill(-start.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (start.exitCode === null) process.kill(-start.pid, 'SIGKILL');
  }
  // Database 0 too: ingest's BullMQ connection drops REDIS_URL's database index today (issue 15 §5), so
  // its queues land there, under the same prefix.
  for (const db of [DB_INDEX, 0]) {
    const redisUrl = new URL(REDIS_URL);
    redisUrl.pathname = `/${db}`;
    const redis = new Redis(redisUrl.toString());
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm start with a SIM_REPLAY file it cannot read', () => {
  it('says which field is wrong, in which file', () => {
    const refusal = output.find((line) => line.includes('SIM_REPLAY refused'));
    expect(refusal, output.join('\n')).toMatch(/^\[simulator\] error /);
    expect(refusal).toContain('euro-2024-broken.json');
    expect(refusal).toContain('rounds[0].matches[1].score.ft: expected two numbers, got "1-3"');
    expect(refusal).toContain('seeded match day');
  });

  it('keeps the site up on the seeded simulator', async () => {
    const page = await fetch(`${url}/en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="section-live"');
    const data = async <T>(path: string): Promise<T> =>
      ((await (await fetch(`${url}/api${path}`)).json()) as { data: T }).data;
    // The seeded day: matches in play from the first poll on, its leagues, no Euro 2024.
    await expect
      .poll(() => data<unknown[]>('/matches/live'), { timeout: 60_000, interval: 500 })
      .not.toHaveLength(0);
    const competitions = (await data<{ name: string }[]>('/competitions')).map((c) => c.name);
    expect(competitions.length).toBeGreaterThan(0);
    expect(competitions).not.toContain('Euro');
  });
});

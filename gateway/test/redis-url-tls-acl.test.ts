import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { QUEUE_NAMES } from '@pitchside/shared/constants';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import {
  logLineReady,
  spawnService,
  type ServiceProcess,
} from '@pitchside/test-support/faults/child-process';
import { freePort, redisServerInstalled } from '@pitchside/test-support/faults/redis-server';
import { externalServerEnv } from '@pitchside/test-support/faults/server-env';

/**
 * Every part of REDIS_URL reaches every connection of both services: a Redis that speaks TLS only, whose
 * default user is off and whose one user has a password full of characters a URL must percent-encode, in
 * database 5. The real ingest (BullMQ included) and the real gateway (subscriber, operators' queues, reconcile
 * job included) must work there: a connection that dropped TLS, the user, the decoding of the password or the
 * database would be refused by the server, or would write where the assertions look for nothing.
 */
const TLS_DIR = fileURLToPath(new URL('../../test/fixtures/redis-tls/', import.meta.url));
const USER = 'pitch-ops';
const PASSWORD = 'p@ss:w/rd%;#';
const DB = 5;

describe.skipIf(!redisServerInstalled())('REDIS_URL with TLS, a user, a password and a database', () => {
  const keys = redisKeys(`test-${randomUUID()}:`);
  let server: ChildProcess;
  let port: number;
  let url: string;
  const services: ServiceProcess[] = [];
  const admins: Redis[] = [];
  let dataDir: string;
  let simulator: Simulator | undefined;
  const admin = (db: number) => {
    const client = new Redis({
      host: '127.0.0.1',
      port,
      db,
      username: USER,
      password: PASSWORD,
      tls: { ca: readFileSync(path.join(TLS_DIR, 'cert.pem')) },
    });
    admins.push(client);
    return client;
  };

  beforeAll(async () => {
    port = await freePort();
    server = spawn(
      'redis-server',
      [
        ...['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1'],
        ...[
          '--tls-cert-file',
          path.join(TLS_DIR, 'cert.pem'),
          '--tls-key-file',
          path.join(TLS_DIR, 'key.pem'),
        ],
        ...['--tls-ca-cert-file', path.join(TLS_DIR, 'cert.pem'), '--tls-auth-clients', 'no'],
        ...['--save', '', '--appendonly', 'no'],
        ...['--user', 'default', 'off', '--user', USER, 'on', `>${PASSWORD}`, '~*', '&*', '+@all'],
      ],
      { stdio: 'ignore', env: externalServerEnv() },
    );
    const probe = admin(0);
    probe.on('error', () => {});
    const deadline = Date.now() + 10_000;
    while ((await probe.ping().catch(() => 'down')) !== 'PONG') {
      if (Date.now() > deadline) throw new Error('the TLS redis-server did not answer in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    url = `rediss://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${DB}`;

    dataDir = mkdtempSync(path.join(tmpdir(), 'pitchside-tls-'));
    simulator = createSimulator({ rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
    const { url: simulatorUrl } = await simulator.listen(0);
    const [metricsPort, gatewayPort] = [await freePort(), await freePort()];
    // The services trust the test's certificate as they would a real CA's: nothing in them is told about it.
    const common = {
      REDIS_URL: url,
      REDIS_PREFIX: keys.prefix,
      GAME_API_BASE_URL: simulatorUrl,
      STREAMS_API_URL: simulatorUrl,
      NODE_EXTRA_CA_CERTS: path.join(TLS_DIR, 'cert.pem'),
      LOG_LEVEL: 'info',
    };
    const started = await Promise.allSettled([
      spawnService(
        'ingest/src/index.ts',
        { ...common, METRICS_PORT: String(metricsPort), POLL_LIVE_MS: '500' },
        150_000,
        logLineReady('ingest polling'),
      ),
      spawnService(
        'gateway/src/index.ts',
        {
          ...common,
          PORT: String(gatewayPort),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          WEB_DIST: path.join(dataDir, 'no-web-build'),
          PAGE_RENDER_THREADS: '0',
        },
        150_000,
        logLineReady('gateway listening'),
      ),
    ]);
    for (const result of started) if (result.status === 'fulfilled') services.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  }, 320_000);

  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await simulator?.close();
    await Promise.all(admins.map((c) => c.quit().catch(() => c.disconnect())));
    server?.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("connects every connection of ingest and the gateway over TLS as the URL's user, in the URL's database", async () => {
    const own = admin(DB);
    await expect.poll(() => own.scard(keys.liveMatches()), { timeout: 30_000 }).toBeGreaterThan(0);
    const found = await own.keys(`${keys.prefix}*`);
    expect(found.some((k) => k.startsWith(`${keys.queuePrefix()}:${QUEUE_NAMES.ingest}:`))).toBe(true);
    expect(found.some((k) => k.startsWith(`${keys.queuePrefix()}:${QUEUE_NAMES.paymentsReconcile}:`))).toBe(
      true,
    );
    for (const other of [0, 1, 2, 3, 4, 6])
      expect({ db: other, keys: await admin(other).keys(`${keys.prefix}*`) }).toEqual({
        db: other,
        keys: [],
      });

    // Every client the server has (the services' and ours) is the URL's user; the ones in the URL's database
    // include BullMQ's blocking worker connection and the gateway's subscriber.
    const clients = String(await own.client('LIST'))
      .trim()
      .split('\n');
    expect(clients.every((line) => line.includes(` user=${USER} `))).toBe(true);
    const inDb = clients.filter((line) => line.includes(` db=${DB} `));
    expect(inDb.some((line) => / cmd=(bzpopmin|blmove|brpoplpush|bzmpop)/.test(line))).toBe(true);
    expect(inDb.some((line) => / sub=[1-9]/.test(line))).toBe(true);
  });
});
